import { apiRoute, apiRoutes } from '@/lib/http/route';
import { entityTagChanged, entityTagParams } from '@/lib/tags/schemas';
import { setEntityTag } from '@/lib/tags/manage-tags';

const who = 'API keys and officer sessions (admin, officer, relationship manager), as for `tagIds` when a client is created.';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // PUT /services/crm/entities/{entityId}/tags/{tagId} – put a tag on an entity
  PUT: apiRoute({
    summary: 'Assign a tag to an entity',
    description:
      'Idempotent: a tag the entity already carries changes nothing. Only `Entity`-scope tags (400 otherwise). ' +
      `Unknown or another tenant's entity or tag → 404. Audited on the entity as \`entity.tag.add\`. ${who}`,
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer', 'rm'],
    params: entityTagParams,
    response: entityTagChanged,
    handler: ({ auth, actor, requestId, params }) => setEntityTag({ tenantId: auth.tenantId, ...params, assigned: true, actor, requestId }),
  }),
  // DELETE /services/crm/entities/{entityId}/tags/{tagId} – take a tag off an entity
  DELETE: apiRoute({
    summary: 'Remove a tag from an entity',
    description:
      "Idempotent: a tag the entity does not carry changes nothing. Unknown or another tenant's entity or tag → 404. " +
      `Audited on the entity as \`entity.tag.remove\`. ${who}`,
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer', 'rm'],
    params: entityTagParams,
    response: entityTagChanged,
    handler: ({ auth, actor, requestId, params }) => setEntityTag({ tenantId: auth.tenantId, ...params, assigned: false, actor, requestId }),
  }),
});
