import { apiRoute } from '@/lib/api/wrapper';
import { entityParams } from '@/lib/entities/schemas';
import { createBankAccountInput } from '@/lib/bank-accounts/schemas';
import { createBankAccount } from '@/lib/bank-accounts/create-bank-account';

// POST /services/crm/entities/{entityId}/bank-accounts – create bank account
export const POST = apiRoute({
  params: entityParams,
  body: createBankAccountInput,
  status: 201,
  handler: ({ auth, actor, requestId, params, body }) => createBankAccount({ tenantId: auth.tenantId, entityId: params.entityId, ...body, actor, requestId }),
});
