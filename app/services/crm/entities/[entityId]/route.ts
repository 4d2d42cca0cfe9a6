import { apiRoute, apiRoutes } from '@/lib/http/route';
import { entityParams, entityProfileSchema, updateEntityInput } from '@/lib/entities/schemas';
import { getEntityJson } from '@/lib/entities/get-entity';
import { updateEntity } from '@/lib/entities/update-entity';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/entities/{entityId} – view entity (complete profile, unwrapped)
  GET: apiRoute({
    summary: 'View entity (complete profile, unwrapped)',
    auth: ['apiKey', 'session'],
    params: entityParams,
    response: entityProfileSchema,
    handler: ({ auth, params }) => getEntityJson({ tenantId: auth.tenantId, entityId: params.entityId }),
  }),
  // PATCH /services/crm/entities/{entityId} – edit an individual's or an organization's profile (ours)
  PATCH: apiRoute({
    summary: "Edit an entity's profile (ours, beyond the spec; answers the complete profile, unwrapped)",
    description:
      "The body is a partial of the fields the create operations take for the entity's type: a field left out keeps its value, `null` clears an optional one " +
      '(an entity keeps at least one of nameEn and nameAr; classification and ongoingMonitoring cannot be null). ' +
      'Individuals only: dobGregorian, dobHijri, gender, nationalityCode, classification. Organizations only: dateOfIncorporationGregorian, dateOfIncorporationHijri. ' +
      'A field of the other type → 400 naming it; so do id, type, role, crmId, status, identities, tagIds and rawData, which have operations of their own or cannot change, and any unknown field. An empty body → 400. ' +
      'Validated as at creation: the phone number must be a real number of its dialing code (the stored `countryCode` when the body has none, 966 when neither has one); ' +
      'a date may be sent in either calendar or both (then the same day), the other is derived (Umm al-Qura); `null` in either calendar clears the date. ' +
      'Optimistic concurrency: send `expectedUpdatedAt` = the `updatedAt` of the profile you read; if the entity changed since (or changes concurrently), nothing is written and the answer is 409 STALE_UPDATE. ' +
      "An erased entity (personal data erased) → 409 CONFLICT. Unknown id, or another tenant's → 404. " +
      'In one transaction: the change, the search text (`GET /entities?q=`), the entity list row, an audit entry `entity.update` with each changed field (old → new), ' +
      'the webhook event `EntityProfileUpdate`, and, when the names, date of birth, gender, nationality or ongoingMonitoring of a monitored or screening entity change, a new screening ' +
      'that also rewrites its watchlist monitoring keys (monitoring switched off removes them). A body that changes nothing answers the profile and writes nothing. ' +
      'Sessions: admins and compliance officers; relationship managers onboard entities but do not change recorded data (403).',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer'],
    params: entityParams,
    body: updateEntityInput,
    response: entityProfileSchema,
    errors: ['CONFLICT', 'STALE_UPDATE'],
    handler: ({ auth, actor, requestId, params, body }) =>
      updateEntity({ tenantId: auth.tenantId, entityId: params.entityId, actor, changes: body, requestId }),
  }),
});
