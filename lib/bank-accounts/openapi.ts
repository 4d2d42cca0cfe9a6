import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { apiKeyHeaders, errorResponses, jsonContent } from '@/lib/api/openapi';
import { entityParams } from '@/lib/entities/schemas';
import { accountParams, bankAccountSchema, createBankAccountInput, createBankAccountResponse, reviewBankAccountInput } from './schemas';

export function registerBankAccountsOpenApi(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/entities/{entityId}/bank-accounts',
    summary: 'Create bank account',
    description:
      'IBAN checked with ibantools (ISO 13616 mod-97, country length); Saudi IBANs get bank names (EN/AR), code and SWIFT. ' +
      'With `attachmentId` the account is `Manual` and `PendingReview`; without, `Automatic` and `Verified`. A new primary demotes the previous one (one primary per entity). ' +
      'The same IBAN twice on one entity is 409 CONFLICT. Answers 201.',
    request: { headers: apiKeyHeaders, params: entityParams, body: { content: { 'application/json': { schema: createBankAccountInput } } } },
    responses: { 201: jsonContent(createBankAccountResponse, 'Created'), ...errorResponses('VALIDATION_ERROR', 'NOT_FOUND', 'CONFLICT') },
  });
  registry.registerPath({
    method: 'patch',
    path: '/bank-accounts/manual/{accountId}/review',
    summary: 'Review manual bank account (unwrapped BankAccount)',
    description: 'Approve → `Verified`, Reject → `Rejected`. An account that is not a pending manual one is 409 CONFLICT. Emits `BankAccountReviewUpdate`.',
    request: { headers: apiKeyHeaders, params: accountParams, body: { content: { 'application/json': { schema: reviewBankAccountInput } } } },
    responses: { 200: jsonContent(bankAccountSchema), ...errorResponses('VALIDATION_ERROR', 'NOT_FOUND', 'CONFLICT') },
  });
}
