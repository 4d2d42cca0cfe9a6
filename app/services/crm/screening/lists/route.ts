import { apiRoute, apiRoutes } from '@/lib/http/route';
import { watchlistStatusList } from '@/lib/screening/schemas';
import { getWatchlistStatus } from '@/lib/screening/list-status';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/screening/lists – the lists the tenant is screened against, and how current they are (ours)
  GET: apiRoute({
    summary: 'Watchlists the tenant is screened against, with their entries and last imports (ours)',
    description:
      'ListSourceA and ListSourceB (shared, imported by the platform operator) and the tenant’s Custom list, each with its active and removed entries, ' +
      'when it was last imported and its last 10 imports (what each added, updated and removed), newest first. Lists never imported have no imports.',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer'],
    response: watchlistStatusList,
    handler: ({ auth }) => getWatchlistStatus({ tenantId: auth.tenantId }),
  }),
});
