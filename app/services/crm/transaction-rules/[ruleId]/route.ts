import { apiRoute, apiRoutes } from '@/lib/http/route';
import { ruleEnvelope, ruleParams, updateRuleInput } from '@/lib/transactions/schemas';
import { getRule, updateRule } from '@/lib/transactions/rules/manage-rules';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/transaction-rules/{ruleId} – view a rule
  GET: apiRoute({
    summary: 'View transaction rule',
    auth: ['apiKey', 'session'],
    params: ruleParams,
    response: ruleEnvelope,
    handler: ({ auth, params }) => getRule({ tenantId: auth.tenantId, ruleId: params.ruleId }),
  }),
  // PATCH /services/crm/transaction-rules/{ruleId} – edit a rule (a new version when its behaviour changes)
  PATCH: apiRoute({
    summary: 'Update transaction rule',
    description:
      'Changing `config`, `type` or `severity` makes a new `version`; alerts already raised keep the version and config that raised them. A Published rule applies the new version to the next transaction. Officer app only (a session with the admin or officer role; an API key is 401, another role 403): changing what judges transactions is an officer’s decision, audited under that officer. API keys read rules and may back-test.',
    auth: 'session',
    roles: ['admin', 'officer'],
    params: ruleParams,
    body: updateRuleInput,
    response: ruleEnvelope,
    handler: ({ auth, actor, requestId, params, body }) => updateRule({ tenantId: auth.tenantId, ruleId: params.ruleId, input: body, actor, requestId }),
  }),
});
