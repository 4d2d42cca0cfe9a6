import { apiRoute } from '@/lib/api/wrapper';
import { createProspectInput } from '@/lib/entities/schemas';
import { createEntity } from '@/lib/entities/create-entity';

// POST /services/crm/entities/prospect – create a prospect
export const POST = apiRoute({
  body: createProspectInput,
  status: 201,
  handler: ({ auth, actor, requestId, body }) => createEntity({ tenantId: auth.tenantId, role: 'Prospect', input: body, actor, requestId }),
});
