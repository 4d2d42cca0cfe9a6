import { z } from 'zod';
import { apiRoute, apiRoutes } from '@/lib/http/route';
import { alertAssignInput } from '@/lib/transactions/schemas';
import { assignAlerts } from '@/lib/transactions/monitoring-case';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // PATCH /services/crm/alerts/assignee – assign (or unassign) alerts in bulk
  PATCH: apiRoute({
    summary: 'Assign transaction alerts',
    description:
      'Assigns up to 100 alerts to an officer or administrator of the tenant (null unassigns); their Pending cases move to InReview. Any unknown alert id → 404 and nothing changes.',
    auth: 'session',
    roles: ['admin', 'officer'],
    body: alertAssignInput,
    response: z.object({ data: z.object({ updated: z.int() }) }).meta({ id: 'AssignTransactionAlertsResult' }),
    errors: ['NOT_FOUND'],
    handler: ({ auth, actor, requestId, body }) => assignAlerts({ tenantId: auth.tenantId, ...body, actor, requestId }),
  }),
});
