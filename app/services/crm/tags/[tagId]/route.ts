import { apiRoute, apiRoutes } from '@/lib/http/route';
import { tagDeleted, tagEnvelope, tagParams, updateTagInput } from '@/lib/tags/schemas';
import { deleteTag, updateTag } from '@/lib/tags/manage-tags';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // PATCH /services/crm/tags/{tagId} – rename or re-scope a tag
  PATCH: apiRoute({
    summary: 'Rename or re-scope a tag',
    description:
      'Any of `nameEn`, `nameAr` (null clears it), `scope`. A renamed tag shows its new name on every record at once. ' +
      'The scope of a tag that records still carry cannot change (409 TAG_IN_USE); a name already used in the scope is 409 CONFLICT. ' +
      "Unknown or another tenant's tag → 404. Audited as `tag.update` with before and after. Officer sessions with the admin role only.",
    auth: 'session',
    roles: ['admin', 'officer'],
    params: tagParams,
    body: updateTagInput,
    response: tagEnvelope,
    errors: ['TAG_IN_USE'],
    handler: ({ auth, actor, requestId, params, body }) => updateTag({ tenantId: auth.tenantId, tagId: params.tagId, input: body, actor, requestId }),
  }),
  // DELETE /services/crm/tags/{tagId} – delete a tag no record carries
  DELETE: apiRoute({
    summary: 'Delete an unused tag',
    description:
      'Only a tag that no entity or transaction carries can be deleted; otherwise 409 TAG_IN_USE and nothing changes (take the tag off those records first). ' +
      "Unknown or another tenant's tag → 404. Audited as `tag.delete`. Officer sessions with the admin role only.",
    auth: 'session',
    roles: ['admin', 'officer'],
    params: tagParams,
    response: tagDeleted,
    errors: ['TAG_IN_USE'],
    handler: ({ auth, actor, requestId, params }) => deleteTag({ tenantId: auth.tenantId, tagId: params.tagId, actor, requestId }),
  }),
});
