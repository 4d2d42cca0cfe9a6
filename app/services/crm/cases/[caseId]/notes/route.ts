import { z } from 'zod';
import { apiRoute, apiRoutes } from '@/lib/http/route';
import { caseParams } from '@/lib/cases/schemas';
import { caseNoteSchema, createCaseNoteInput } from '@/lib/transactions/schemas';
import { addCaseNote } from '@/lib/transactions/monitoring-case';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/cases/{caseId}/notes – add a note to a transaction-monitoring case
  POST: apiRoute({
    summary: 'Add case note',
    description: 'Transaction-monitoring cases; `alertId` ties the note to one of the case’s alerts. A Pending case moves to InReview. Answers 201.',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer'],
    params: caseParams,
    body: createCaseNoteInput,
    response: z.object({ data: caseNoteSchema }).meta({ id: 'CaseNoteResponse' }),
    status: 201,
    errors: ['NOT_FOUND', 'CONFLICT'],
    handler: ({ auth, actor, requestId, params, body }) => addCaseNote({ tenantId: auth.tenantId, caseId: params.caseId, ...body, actor, requestId }),
  }),
});
