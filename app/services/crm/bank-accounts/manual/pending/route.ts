import { apiRoute, apiRoutes } from '@/lib/http/route';
import { reviewQueueQuery, reviewQueueResponse } from '@/lib/bank-accounts/schemas';
import { listBankAccountsForReview } from '@/lib/bank-accounts/list-bank-accounts-for-review';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/bank-accounts/manual/pending – manual accounts waiting for review, oldest first (the officers' review queue)
  GET: apiRoute({
    summary: 'Manual bank accounts waiting for review, oldest first',
    description: 'Each with its holder (`entity`: id and names). Review one with PATCH /bank-accounts/manual/{accountId}/review.',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer'],
    query: reviewQueueQuery,
    response: reviewQueueResponse,
    handler: ({ auth, query }) => listBankAccountsForReview({ tenantId: auth.tenantId, page: query }),
  }),
});
