import { apiRoute, apiRoutes } from '@/lib/http/route';
import { auditActorsResponse } from '@/lib/audit/schemas';
import { listAuditActors } from '@/lib/audit/search-audit-log';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/audit-events/actors – the users an audit search can filter on
  GET: apiRoute({
    summary: 'Users to filter the audit log by',
    description:
      "The tenant's users and the platform administrators who have acted in this tenant (`platformAdmin: true`), each with id, display name and e-mail, by name, for the audit log's actor filter. Officer sessions with the admin role only.",
    auth: 'session',
    roles: ['admin'],
    response: auditActorsResponse,
    handler: ({ auth }) => listAuditActors({ tenantId: auth.tenantId }),
  }),
});
