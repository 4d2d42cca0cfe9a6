import { apiRoute, apiRoutes } from '@/lib/http/route';
import { pageQuery } from '@/lib/core/pagination';
import { addressList, entityParams } from '@/lib/entities/schemas';
import { listEntityAddresses } from '@/lib/entities/list-entity-addresses';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/entities/{entityId}/addresses – list entity addresses
  GET: apiRoute({
    summary: 'List entity addresses',
    auth: ['apiKey', 'session'],
    params: entityParams,
    query: pageQuery,
    response: addressList,
    handler: ({ auth, params, query }) => listEntityAddresses({ tenantId: auth.tenantId, entityId: params.entityId, page: query }),
  }),
});
