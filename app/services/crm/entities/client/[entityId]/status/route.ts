import { apiRoute, apiRoutes } from '@/lib/http/route';
import { entityParams, updateStatusInput, updateStatusResponse } from '@/lib/entities/schemas';
import { updateClientStatus } from '@/lib/entities/update-client-status';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // PATCH /services/crm/entities/client/{entityId}/status – update client status (also the officer app's status change)
  PATCH: apiRoute({
    summary: 'Update client status',
    description:
      'Allowed: Active↔Blocked, Active/Blocked→Deactivated, Deactivated→Active, any→Deceased (final). Anything else, including the current status, is 409 INVALID_STATUS_TRANSITION. ' +
      'Audited; emits `EntityStatusUpdate` `{entityId, crmId, previousStatus, status, reason, changedAt}`. A non-client is 404.',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer'],
    params: entityParams,
    body: updateStatusInput,
    response: updateStatusResponse,
    errors: ['INVALID_STATUS_TRANSITION'],
    handler: ({ auth, actor, requestId, params, body }) =>
      updateClientStatus({ tenantId: auth.tenantId, entityId: params.entityId, ...body, actor, requestId }),
  }),
});
