import { apiRoute } from '@/lib/api/wrapper';
import { pageQuery } from '@/lib/api/pagination';
import { entityParams } from '@/lib/entities/schemas';
import { listEntityAddresses } from '@/lib/entities/list-entity-addresses';

// GET /services/crm/entities/{entityId}/addresses – list entity addresses
export const GET = apiRoute({
  params: entityParams,
  query: pageQuery,
  handler: ({ auth, params, query }) => listEntityAddresses({ tenantId: auth.tenantId, entityId: params.entityId, page: query }),
});
