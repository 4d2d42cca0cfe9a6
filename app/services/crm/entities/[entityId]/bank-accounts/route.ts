import { apiRoute, apiRoutes } from '@/lib/http/route';
import { entityParams } from '@/lib/entities/schemas';
import { createBankAccountInput, createBankAccountResponse } from '@/lib/bank-accounts/schemas';
import { createBankAccount } from '@/lib/bank-accounts/create-bank-account';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/entities/{entityId}/bank-accounts – create bank account
  POST: apiRoute({
    summary: 'Create bank account',
    description:
      'IBAN checked with ibantools (ISO 13616 mod-97, country length); Saudi IBANs get bank names (EN/AR), code and SWIFT. ' +
      'With `attachmentId` the account is `Manual` and `PendingReview`; without, `Automatic` and `Verified`. A new primary demotes the previous one (one primary per entity). ' +
      'The same IBAN twice on one entity is 409 CONFLICT. Answers 201.',
    params: entityParams,
    body: createBankAccountInput,
    response: createBankAccountResponse,
    status: 201,
    errors: ['CONFLICT'],
    handler: ({ auth, actor, requestId, params, body }) => createBankAccount({ tenantId: auth.tenantId, entityId: params.entityId, ...body, actor, requestId }),
  }),
});
