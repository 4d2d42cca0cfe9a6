import { apiRoute, apiRoutes } from '@/lib/http/route';
import { createScreeningInput, entityEnvelope } from '@/lib/entities/schemas';
import { createEntity } from '@/lib/entities/create-entity';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/entities/screening – create a screening entity
  POST: apiRoute({
    summary: 'Create screening entity',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer', 'rm'],
    description:
      'Answers 201. Identity `type` may be omitted for 10-digit Saudi numbers (1… NationalIdentity, 2… ResidencyPermit/Iqama, 7… UnifiedNumber). ' +
      'Gregorian and Hijri dates may be sent alone or together (then they must name the same day); the other is derived (Umm al-Qura). ' +
      "Unknown tagIds or documentIds (including another tenant's) are 404. Names 200 characters at most.",
    body: createScreeningInput,
    response: entityEnvelope,
    status: 201,
    errors: ['DUPLICATE_CRM_ID'],
    handler: ({ auth, actor, requestId, body }) => createEntity({ tenantId: auth.tenantId, role: 'Screening', input: body, actor, requestId }),
  }),
});
