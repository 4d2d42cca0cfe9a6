import { apiRoute } from '@/lib/api/wrapper';
import { pageQuery } from '@/lib/api/pagination';
import { listCities } from '@/lib/reference/list-cities';

// GET /services/crm/cities – list cities (Saudi cities, English and Arabic)
export const GET = apiRoute({
  query: pageQuery,
  handler: ({ query }) => listCities({ page: query }),
});
