import { apiRoute, apiRoutes } from '@/lib/http/route';
import { createRuleInput, ruleEnvelope, ruleList } from '@/lib/transactions/schemas';
import { createRule, listRules } from '@/lib/transactions/rules/manage-rules';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/transaction-rules – list the tenant's monitoring rules
  GET: apiRoute({
    summary: 'List transaction rules',
    description: 'Every rule of the tenant (Draft, Published, Deactivated), by code.',
    auth: ['apiKey', 'session'],
    response: ruleList,
    handler: ({ auth }) => listRules({ tenantId: auth.tenantId }),
  }),
  // POST /services/crm/transaction-rules – create a rule from a template (Draft)
  POST: apiRoute({
    summary: 'Create transaction rule',
    description:
      'A new rule is a Draft built from a template (GET /transaction-rules/templates); `config.params` are validated by the template (each bad parameter named under `config.params`). `code` is unique per tenant: a code already in use is 409 CONFLICT with a message saying so. Answers 201. Officer app only (a session with the admin or officer role; an API key is 401, another role 403): changing what judges transactions is an officer’s decision, audited under that officer. API keys read rules and may back-test.',
    auth: 'session',
    roles: ['admin', 'officer'],
    body: createRuleInput,
    response: ruleEnvelope,
    status: 201,
    errors: ['CONFLICT'],
    handler: ({ auth, actor, requestId, body }) => createRule({ tenantId: auth.tenantId, input: body, actor, requestId }),
  }),
});
