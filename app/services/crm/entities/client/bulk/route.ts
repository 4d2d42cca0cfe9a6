import { apiRoute, apiRoutes } from '@/lib/http/route';
import { bulkCreateClientsInput, bulkCreateClientsResponse } from '@/lib/bulk/schemas';
import { createBulkJob } from '@/lib/bulk/create-bulk-job';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/entities/client/bulk – create up to 1,000 clients in a background job
  POST: apiRoute({
    summary: 'Bulk create clients (background job)',
    description:
      'Answers 202 with the job id and the quota after this request. More than 1,000 clients → 400 naming `clients`; unknown batch `tagIds` → 404. ' +
      'Every item is validated on its own (the rules of POST /entities/client): invalid items, crmIds repeated in the request or already used, unknown item tagIds or documentIds, ' +
      'and clients beyond the hard quota are reported per item in GET /jobs/{jobId} and not created; the request itself does not fail for them. ' +
      'Quota (`npm run crm -- tenant:quota`): `remaining` = hard threshold − the tenant’s entities after this request (its accepted clients and other unfinished jobs included); ' +
      '`code` SOFT_THRESHOLD_REACHED once that count reaches the soft threshold, HARD_THRESHOLD_REACHED when it reaches the hard one or clients were refused. ' +
      'The job creates the clients in chunks of BULK_CHUNK_SIZE (100), each in one transaction with its ledger rows, so it survives a restart and creates each client exactly once; ' +
      '`ongoingMonitoring` clients are screened as they are created. `BulkJobUpdate` is emitted when the job starts and when it ends.',
    body: bulkCreateClientsInput,
    response: bulkCreateClientsResponse,
    status: 202,
    handler: ({ auth, actor, requestId, body }) => createBulkJob({ tenantId: auth.tenantId, input: body, actor, requestId }),
  }),
});
