import { apiRoute, apiRoutes } from '@/lib/http/route';
import { createClientInput, entityEnvelope } from '@/lib/entities/schemas';
import { createEntity } from '@/lib/entities/create-entity';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/entities/client – create a client
  POST: apiRoute({
    summary: 'Create client (status Active)',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer', 'rm'],
    description:
      'Answers 201. Identity `type` may be omitted for 10-digit Saudi numbers (1… NationalIdentity, 2… ResidencyPermit/Iqama, 7… UnifiedNumber). ' +
      'Gregorian and Hijri dates may be sent alone or together (then they must name the same day); the other is derived (Umm al-Qura). ' +
      "Unknown tagIds or documentIds (including another tenant's) are 404. Names 200 characters at most.",
    body: createClientInput,
    response: entityEnvelope,
    status: 201,
    errors: ['DUPLICATE_CRM_ID'],
    handler: ({ auth, actor, requestId, body }) => createEntity({ tenantId: auth.tenantId, role: 'Client', input: body, actor, requestId }),
  }),
});
