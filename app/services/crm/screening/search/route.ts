import { apiRoute, apiRoutes } from '@/lib/http/route';
import { ScreeningSearchRequestSchema, ScreeningSearchResponseSchema } from '@/lib/screening/schemas';
import { searchScreening } from '@/lib/screening/search-service';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/screening/search – screen a name against the watchlists (nothing stored)
  POST: apiRoute({
    summary: 'Screen a name against the watchlists (nothing is stored)',
    description:
      "Searches the shared lists (ListSourceA, ListSourceB) and the calling tenant's Custom list. Latin and Arabic script are matched both ways. " +
      '`threshold` (0–100) overrides the tenant review threshold for this call. Each Match explains its score in `signals`; ' +
      'its `id` and timestamps are ephemeral. An identity number equal after normalization gives percentage 100 and AutoMatch.',
    auth: ['apiKey', 'session'],
    body: ScreeningSearchRequestSchema,
    response: ScreeningSearchResponseSchema,
    handler: ({ auth, body }) => searchScreening({ tenantId: auth.tenantId, input: body }),
  }),
});
