import { apiRoute } from '@/lib/api/wrapper';
import { createScreeningInput } from '@/lib/entities/schemas';
import { createEntity } from '@/lib/entities/create-entity';

// POST /services/crm/entities/screening – create a screening entity
export const POST = apiRoute({
  body: createScreeningInput,
  status: 201,
  handler: ({ auth, actor, requestId, body }) => createEntity({ tenantId: auth.tenantId, role: 'Screening', input: body, actor, requestId }),
});
