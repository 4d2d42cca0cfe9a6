import { apiRoute, apiRoutes } from '@/lib/http/route';
import { pageQuery } from '@/lib/core/pagination';
import { cityList } from '@/lib/entities/schemas';
import { listCities } from '@/lib/reference/list-cities';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/cities – list cities (Saudi cities, English and Arabic)
  GET: apiRoute({
    summary: 'List cities (Saudi cities in English and Arabic)',
    description: 'Global reference data, the same for every tenant; ids are stable across installations.',
    auth: ['apiKey', 'session'],
    query: pageQuery,
    response: cityList,
    handler: ({ query }) => listCities({ page: query }),
  }),
});
