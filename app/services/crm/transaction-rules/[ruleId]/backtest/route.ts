import { apiRoute, apiRoutes } from '@/lib/http/route';
import { backtestInput, backtestResult, ruleParams } from '@/lib/transactions/schemas';
import { backtestRule, BACKTEST_LIMIT } from '@/lib/transactions/rules/backtest';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/transaction-rules/{ruleId}/backtest – how many alerts an edited rule would have raised
  POST: apiRoute({
    summary: 'Back-test transaction rule',
    description:
      `Replays the stored transactions of the last \`days\` (newest ${BACKTEST_LIMIT.toLocaleString('en')} at most) through the current version and, with \`config\`, the edited one; nothing is written. ` +
      'Each transaction sees the history as of its own date. Approximations: open screening matches and the newest relationship or bank account are today’s; a dormant wallet is judged by the entity’s previous transaction on that side.',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer'],
    params: ruleParams,
    body: backtestInput,
    response: backtestResult,
    handler: ({ auth, params, body }) => backtestRule({ tenantId: auth.tenantId, ruleId: params.ruleId, days: body.days, config: body.config }),
  }),
});
