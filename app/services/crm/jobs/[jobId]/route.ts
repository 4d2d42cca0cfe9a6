import { apiRoute, apiRoutes } from '@/lib/http/route';
import { bulkJobEnvelope, jobParams } from '@/lib/bulk/schemas';
import { getBulkJob } from '@/lib/bulk/get-bulk-job';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/jobs/{jobId} – a bulk job's progress, per-item errors and created clients
  GET: apiRoute({
    summary: 'View bulk job',
    description:
      '`{data: {id, status, total, processed, succeeded, failed, errors: [{index, crmId, validationErrors}], entityIds}}` (decisions.md), plus createdAt, updatedAt and completedAt. ' +
      'Status: Queued → Running → Completed (every client created) | CompletedWithErrors (some failed) | Failed (none created). Another tenant’s job is 404.',
    auth: ['apiKey', 'session'],
    params: jobParams,
    response: bulkJobEnvelope,
    handler: ({ auth, params }) => getBulkJob({ tenantId: auth.tenantId, jobId: params.jobId }),
  }),
});
