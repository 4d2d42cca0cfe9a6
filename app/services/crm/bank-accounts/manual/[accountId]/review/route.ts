import { apiRoute } from '@/lib/api/wrapper';
import { accountParams, reviewBankAccountInput } from '@/lib/bank-accounts/schemas';
import { reviewBankAccount } from '@/lib/bank-accounts/review-bank-account';

// PATCH /services/crm/bank-accounts/manual/{accountId}/review – review manual bank account (unwrapped)
export const PATCH = apiRoute({
  params: accountParams,
  body: reviewBankAccountInput,
  handler: ({ auth, actor, requestId, params, body }) => reviewBankAccount({ tenantId: auth.tenantId, accountId: params.accountId, ...body, actor, requestId }),
});
