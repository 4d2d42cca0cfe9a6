import { apiRoute } from '@/lib/api/wrapper';
import { ScreeningSearchRequestSchema } from '@/lib/screening/schemas';
import { searchScreening } from '@/lib/screening/search-service';

// POST /services/crm/screening/search – screen a name against the watchlists (nothing stored)
export const POST = apiRoute({
  body: ScreeningSearchRequestSchema,
  handler: ({ auth, body }) => searchScreening({ tenantId: auth.tenantId, input: body }),
});
