import { apiRoute, apiRoutes } from '@/lib/http/route';
import { accountParams, bankAccountSchema, reviewBankAccountInput } from '@/lib/bank-accounts/schemas';
import { reviewBankAccount } from '@/lib/bank-accounts/review-bank-account';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // PATCH /services/crm/bank-accounts/manual/{accountId}/review – review manual bank account (unwrapped; also the officer app's review queue)
  PATCH: apiRoute({
    summary: 'Review manual bank account (unwrapped BankAccount)',
    description:
      'Approve → `Verified`, Reject → `Rejected` (a rejection needs a `comment`: 400 naming it). An account that is not a pending manual one is 409 CONFLICT. Emits `BankAccountReviewUpdate`.',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer'],
    params: accountParams,
    body: reviewBankAccountInput,
    response: bankAccountSchema,
    errors: ['CONFLICT'],
    handler: ({ auth, actor, requestId, params, body }) =>
      reviewBankAccount({ tenantId: auth.tenantId, accountId: params.accountId, ...body, actor, requestId }),
  }),
});
