import { apiRoute, apiRoutes } from '@/lib/http/route';
import { createTransactionInput, listTransactionsQuery, transactionEnvelope, transactionList } from '@/lib/transactions/schemas';
import { createTransaction } from '@/lib/transactions/create-transaction';
import { listTransactions } from '@/lib/transactions/read-transactions';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/transactions – create a transaction and judge it with the tenant's rules
  POST: apiRoute({
    summary: 'Create transaction',
    description:
      'Stores the transaction and evaluates the tenant’s Published rules before answering, so `triggeredAlerts` is final; a Hard rule that fires sets `isBlocked` and status Blocked (still stored, balances untouched). ' +
      'At least one side names an entity of the tenant by id or crmId (unknown → 404). Wallet needs `vIban` (an unknown vIban of the named entity creates its Draft wallet; balances follow Credit/Debit), BankAccount needs `iban`. ' +
      '`amount` and `exchangeRate` are decimal strings, kept with the digits and scale sent; `currency` is ISO 4217 in any letter case, answered as sent. ' +
      '`externalRef` is unique per tenant: the same externalRef with the same body answers 200 with the stored transaction, with another body 409 DUPLICATE_EXTERNAL_REF. Answers 201.',
    auth: ['apiKey', 'session'],
    body: createTransactionInput,
    response: transactionEnvelope,
    status: 201,
    errors: ['NOT_FOUND', 'DUPLICATE_EXTERNAL_REF'],
    handler: async ({ auth, actor, requestId, body }) => {
      const result = await createTransaction({ tenantId: auth.tenantId, body, actor, requestId });
      return Response.json({ data: result.data }, { status: result.created ? 201 : 200 });
    },
  }),
  // GET /services/crm/transactions – list transactions, newest first
  GET: apiRoute({
    summary: 'List transactions',
    description: 'Filters: `entityId` (either side), `status`, `reviewStatus`, `from` (transactionDate ≥) and `to` (<). Newest transactionDate first.',
    auth: ['apiKey', 'session'],
    query: listTransactionsQuery,
    response: transactionList,
    handler: ({ auth, query }) => listTransactions({ tenantId: auth.tenantId, query }),
  }),
});
