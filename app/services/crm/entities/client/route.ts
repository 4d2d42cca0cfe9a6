import { apiRoute } from '@/lib/api/wrapper';
import { createClientInput } from '@/lib/entities/schemas';
import { createEntity } from '@/lib/entities/create-entity';

// POST /services/crm/entities/client – create a client
export const POST = apiRoute({
  body: createClientInput,
  status: 201,
  handler: ({ auth, actor, requestId, body }) => createEntity({ tenantId: auth.tenantId, role: 'Client', input: body, actor, requestId }),
});
