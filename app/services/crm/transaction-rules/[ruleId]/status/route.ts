import { apiRoute, apiRoutes } from '@/lib/http/route';
import { ruleEnvelope, ruleParams, ruleStatusInput } from '@/lib/transactions/schemas';
import { setRuleStatus } from '@/lib/transactions/rules/manage-rules';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // PATCH /services/crm/transaction-rules/{ruleId}/status – publish or deactivate a rule
  PATCH: apiRoute({
    summary: 'Publish or deactivate transaction rule',
    description:
      'Draft or Deactivated → Published (runs on every new transaction); Published → Deactivated. The same status, or deactivating a Draft, is 409 INVALID_STATUS_TRANSITION. Officer app only (a session with the admin or officer role; an API key is 401, another role 403): changing what judges transactions is an officer’s decision, audited under that officer. API keys read rules and may back-test.',
    auth: 'session',
    roles: ['admin', 'officer'],
    params: ruleParams,
    body: ruleStatusInput,
    response: ruleEnvelope,
    errors: ['INVALID_STATUS_TRANSITION'],
    handler: ({ auth, actor, requestId, params, body }) =>
      setRuleStatus({ tenantId: auth.tenantId, ruleId: params.ruleId, status: body.status, actor, requestId }),
  }),
});
