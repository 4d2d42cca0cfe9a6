/**
 * Transaction monitoring: request and response schemas of POST/GET /transactions, the alerts, the
 * rules and the transaction-monitoring side of cases (decisions.md, "Transactions and monitoring").
 * Amounts, balances and rates are exact decimal strings from end to end.
 */
import { z } from 'zod';
import { pageOfSchema, pageQuery } from '@/lib/core/pagination';
import { parseDateOnly, wireIsoTimestamp, wireTimestamp } from '@/lib/core/format';
import { attachmentSchema, userSchema } from '@/lib/attachments/schemas';
import { tagSchema } from '@/lib/tags/schemas';
import { DECIMAL_PATTERN, cmp, isCurrencyCode } from './money';
import { TEMPLATE_NAMES } from './rules/templates';

const hasNoNul = (s: string) => !s.includes('\u0000');
const text = (max: number) => z.string().trim().min(1).max(max).refine(hasNoNul, 'must not contain NUL (U+0000) characters');
const ts = wireTimestamp;
const iso = wireIsoTimestamp;

export const TRANSACTION_STATUSES = ['Received', 'Blocked', 'Processed', 'Reversed'] as const;
export const REVIEW_STATUSES = ['Unreviewed', 'UnderReview', 'Cleared', 'Escalated', 'Reported'] as const;
export const DIRECTIONS = ['Credit', 'Debit'] as const;
export const SEVERITIES = ['Low', 'Medium', 'High', 'Critical'] as const;
export const FLAG_CATEGORIES = ['RuleBased', 'ExternalAuthority', 'Manual'] as const;
export const METHODS = ['Wallet', 'BankAccount', 'Card', 'Cash', 'External'] as const;
export const RULE_STATUSES = ['Draft', 'Published', 'Deactivated'] as const;
export const RULE_TYPES = ['Hard', 'Soft'] as const;
export const ALERT_STATUSES = ['Open', 'Closed'] as const;
export const DISPOSITIONS = ['FalsePositive', 'TruePositive', 'Reported'] as const;

export const severity = z.enum(SEVERITIES);

/**
 * A positive exact decimal: digits with an optional fraction, never a JSON number. A text that is not
 * a decimal gets that one error, not also "must be greater than 0" (the sign is only judged of a decimal).
 */
export const positiveDecimal = z
  .string()
  .trim()
  .regex(DECIMAL_PATTERN, { message: 'expected a decimal string such as "1250.50" (at most 30 digits before the point and 18 after)', abort: true })
  .refine((v) => !v.startsWith('-') && cmp(v, '0') > 0, 'must be greater than 0');

/** ISO 8601 with a zone (`Z` or an offset); stored and answered in UTC. */
export const isoInstant = z.iso
  .datetime({ offset: true })
  .refine((v) => parseDateOnly(v.slice(0, 10)) !== undefined && !Number.isNaN(Date.parse(v)), 'not a real date and time')
  .meta({ description: 'ISO 8601 UTC timestamp, e.g. `2026-11-24T09:30:00Z` (an offset is converted to UTC).' });

const sideInput = z
  .object({
    method: z.enum(METHODS).meta({ description: 'Wallet needs `vIban`; BankAccount needs `iban`.' }),
    vIban: text(64).optional(),
    iban: text(64).optional(),
    entity: z
      .object({ id: z.uuid().optional(), crmId: text(200).optional() })
      .optional()
      .meta({ description: 'An entity of the tenant, by id or crmId (an unknown one is 404).' }),
    countryCode: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'expected an ISO 3166-1 alpha-2 code')
      .transform((v) => v.toUpperCase())
      .optional()
      .meta({ description: 'Ours, optional: the country of this side (otherwise the IBAN’s country, or the entity’s nationality).' }),
  })
  .superRefine((side, ctx) => {
    if (side.method === 'Wallet' && !side.vIban) ctx.addIssue({ code: 'custom', path: ['vIban'], message: 'required when method is Wallet' });
    if (side.method === 'BankAccount' && !side.iban) ctx.addIssue({ code: 'custom', path: ['iban'], message: 'required when method is BankAccount' });
    if (side.entity && !side.entity.id && !side.entity.crmId) ctx.addIssue({ code: 'custom', path: ['entity'], message: 'needs id or crmId' });
  });
export type SideInput = z.output<typeof sideInput>;

export const createTransactionInput = z
  .object({
    source: sideInput,
    target: sideInput,
    externalRef: text(200).meta({
      description:
        'Unique per tenant: the same externalRef with the same body answers 200 with the stored transaction; with another body 409 DUPLICATE_EXTERNAL_REF.',
    }),
    sourceSystem: text(100).default('TenantDirect'),
    transactionDate: isoInstant,
    amount: positiveDecimal.meta({ description: 'Exact decimal string, stored and answered with the digits and scale sent.' }),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'expected an ISO 4217 code such as Sar')
      .refine(isCurrencyCode, 'unknown ISO 4217 currency code')
      .meta({ description: 'ISO 4217 in any letter case (`Sar`, `SAR`); answered as sent.' }),
    orderRef: text(200).optional(),
    valueDate: isoInstant.optional(),
    settlementDate: isoInstant.optional(),
    exchangeRate: positiveDecimal.optional(),
    paymentForm: text(100).optional(),
    paymentType: text(100).optional(),
    internalTransferReason: text(100).optional(),
    securityDetails: z
      .record(z.string(), z.unknown())
      .refine((v) => !/\\u0000|\\ud[89a-f][0-9a-f]{2}/i.test(JSON.stringify(v)), 'must not contain NUL (U+0000) or unpaired surrogate characters')
      .optional(),
    correctsTransactionId: z.uuid().optional(),
    tagIds: z.array(z.uuid()).max(50).optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.source.entity && !body.target.entity)
      ctx.addIssue({ code: 'custom', path: ['source', 'entity'], message: 'at least one side (source or target) must name an entity of the tenant' });
  })
  .meta({ id: 'CreateTransaction' });
export type CreateTransactionInput = z.output<typeof createTransactionInput>;

export const walletSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    type: z.string(),
    status: z.enum(['Draft', 'Active', 'Dormant', 'Closed']),
    currency: z.string().meta({ description: 'ISO 4217 as the spec writes it (`Sar`).' }),
    externalRef: z.string().nullable(),
    vIban: z.string(),
    availableBalance: z.string(),
    lockedBalance: z.string(),
    entityId: z.uuid(),
    productId: z.string().nullable(),
    lastTransactionAt: iso.nullable(),
    dormantAt: iso.nullable(),
    closedAt: iso.nullable(),
  })
  .meta({ id: 'Wallet' });

export const partySchema = z
  .object({ id: z.uuid(), crmId: z.string().nullable(), type: z.string(), nameEn: z.string().nullable(), nameAr: z.string().nullable() })
  .meta({ id: 'TransactionParty', description: 'The entity on one side (the full record: GET /entities/{id}).' });

export const txBankAccountSchema = z
  .object({ id: z.uuid(), entityId: z.uuid(), iban: z.string(), bankNameEn: z.string().nullable(), bankNameAr: z.string().nullable() })
  .meta({ id: 'TransactionBankAccount' });

export const sideSchema = z
  .object({
    method: z.enum(METHODS),
    vIban: z.string().nullable(),
    iban: z.string().nullable(),
    countryCode: z.string().nullable().meta({ description: 'The country used by the rules (sent, from the IBAN, or the entity’s nationality).' }),
  })
  .meta({ id: 'TransactionSide' });

export const strReportSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    status: z.enum(['Draft', 'Submitted']),
    attachmentId: z.uuid().nullable(),
    transactionId: z.uuid().nullable(),
    caseId: z.uuid(),
  })
  .meta({ id: 'StrReport' });

export const alertRuleSchema = z
  .object({
    id: z.uuid(),
    code: z.string(),
    version: z.int(),
    template: z.string(),
    nameEn: z.string(),
    nameAr: z.string(),
    type: z.enum(RULE_TYPES),
    config: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AlertTransactionRule', description: 'The rule as it was when the alert was raised (a later version never rewrites it).' });

export const caseNoteSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    title: z.string(),
    description: z.string(),
    alertId: z.uuid().nullable(),
    createdBy: userSchema.nullable(),
  })
  .meta({ id: 'CaseNote' });

export const alertTransactionSchema = z
  .object({
    id: z.uuid(),
    externalRef: z.string(),
    transactionDate: iso,
    amount: z.string(),
    currency: z.string(),
    direction: z.enum(DIRECTIONS),
    status: z.enum(TRANSACTION_STATUSES),
  })
  .meta({ id: 'AlertTransaction' });

export const alertSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    caseId: z.uuid(),
    entityId: z.uuid(),
    entity: partySchema.meta({
      description:
        'Ours: the entity the alert is about (`entityId`), with its crmId, type and names in both scripts, so an alert queue names the client without a request per alert. The full record: GET /entities/{id}.',
    }),
    transactionId: z.uuid().meta({ description: 'The transaction that raised it.' }),
    status: z.enum(ALERT_STATUSES).meta({ description: 'Closed once its case is closed.' }),
    severity,
    isCorrect: z.boolean().nullable().meta({ description: 'Set when the case is decided: true for TruePositive/Reported, false for FalsePositive.' }),
    flagCategory: z.enum(FLAG_CATEGORIES),
    reasonEn: z.string(),
    reasonAr: z.string(),
    dispositionAt: iso.nullable(),
    transactionRule: alertRuleSchema.nullable(),
    dispositionBy: userSchema.nullable(),
    assignee: userSchema.nullable(),
    notes: z.array(caseNoteSchema),
    transactions: z.array(alertTransactionSchema).meta({ description: 'The transactions the rule looked at, the triggering one first.' }),
    tags: z.array(z.string()),
  })
  .meta({ id: 'TransactionAlert' });
export type AlertOut = z.infer<typeof alertSchema>;

export const transactionSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    externalRef: z.string(),
    orderRef: z.string().nullable(),
    sourceSystem: z.string(),
    transactionDate: iso,
    valueDate: iso.nullable(),
    settlementDate: iso.nullable(),
    status: z.enum(TRANSACTION_STATUSES).meta({ description: 'Received, or Blocked when a Hard rule fired (the transaction is stored all the same).' }),
    reviewStatus: z.enum(REVIEW_STATUSES),
    amount: z.string(),
    currency: z.string(),
    exchangeRate: z.string().nullable(),
    paymentForm: z.string().nullable(),
    paymentType: z.string().nullable(),
    internalTransferReason: z.string().nullable(),
    securityDetails: z.record(z.string(), z.unknown()).nullable(),
    correctsTransactionId: z.uuid().nullable(),
    source: sideSchema,
    target: sideSchema,
    sourceEntity: partySchema.nullable(),
    targetEntity: partySchema.nullable(),
    suspiciousSeverity: severity.nullable().meta({ description: 'The highest severity of its alerts.' }),
    isBlocked: z.boolean(),
    direction: z.enum(DIRECTIONS).meta({ description: 'Credit when money reaches a tenant entity (the target names one), else Debit.' }),
    sourceWallet: walletSchema.nullable(),
    targetWallet: walletSchema.nullable(),
    sourceBankAccount: txBankAccountSchema.nullable(),
    targetBankAccount: txBankAccountSchema.nullable(),
    strReport: strReportSchema.nullable(),
    triggeredAlerts: z.array(alertSchema),
    activities: z.array(z.unknown()).meta({ description: 'Not recorded yet: always empty.' }),
    tags: z.array(tagSchema),
  })
  .meta({ id: 'Transaction' });
export type TransactionOut = z.infer<typeof transactionSchema>;

export const transactionEnvelope = z.object({ data: transactionSchema }).meta({ id: 'TransactionResponse' });
export const transactionList = pageOfSchema(transactionSchema).meta({ id: 'TransactionList' });
export const alertEnvelope = z.object({ data: alertSchema }).meta({ id: 'TransactionAlertResponse' });
export const alertList = pageOfSchema(alertSchema).meta({ id: 'TransactionAlertList' });

const instantQuery = isoInstant;
export const listTransactionsQuery = pageQuery.extend({
  entityId: z.uuid().optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  reviewStatus: z.enum(REVIEW_STATUSES).optional(),
  from: instantQuery.optional().meta({ description: 'transactionDate at or after.' }),
  to: instantQuery.optional().meta({ description: 'transactionDate before.' }),
});
export type ListTransactionsQuery = z.output<typeof listTransactionsQuery>;

export const listAlertsQuery = pageQuery.extend({
  status: z.enum(ALERT_STATUSES).optional(),
  severity: severity.optional(),
  ruleId: z.uuid().optional(),
  entityId: z.uuid().optional(),
  caseId: z.uuid().optional(),
  assignee: z
    .union([z.literal('me'), z.literal('unassigned'), z.uuid({ error: 'expected `me`, `unassigned` or a user id' })])
    .optional()
    .meta({ description: '`me` (sessions only: with an API key it is a 400), `unassigned`, or a user id.' }),
  from: instantQuery.optional(),
  to: instantQuery.optional(),
});
export type ListAlertsQuery = z.output<typeof listAlertsQuery>;

export const transactionParams = z.object({ transactionId: z.uuid() });
export const alertParams = z.object({ alertId: z.uuid() });
export const ruleParams = z.object({ ruleId: z.uuid() });

// Rules

const configVariable = z
  .object({
    type: z.enum(['decimal', 'integer', 'currency', 'enum', 'boolean']).meta({
      description: 'decimal: a positive decimal string; integer: a JSON number; currency: ISO 4217, any letter case; enum: one of `values`; boolean.',
    }),
    optional: z.boolean().meta({ description: 'May be left out (then `default` applies, or the check is skipped).' }),
    labelEn: z.string().meta({ description: 'The parameter’s name, as the officer app shows it.' }),
    labelAr: z.string(),
    hintEn: z.string().meta({ description: 'What the parameter means, with its unit.' }),
    hintAr: z.string(),
    values: z.array(z.string()).optional().meta({ description: 'enum: the accepted values.' }),
    default: z.union([z.string(), z.boolean()]).optional().meta({ description: 'What the template applies when the parameter is left out.' }),
    minimum: z.int().optional().meta({ description: 'integer: the smallest accepted value.' }),
    maximum: z.int().optional().meta({ description: 'integer: the largest accepted value.' }),
  })
  .meta({ id: 'TransactionRuleConfigVariable' });
export type ConfigVariable = z.infer<typeof configVariable>;
const configVariables = z.record(z.string(), configVariable).meta({
  description: 'The template’s parameters, each with its type and what it accepts (ours: the spec leaves configVariables open), for editors and integrators.',
});

export const ruleSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    activatedAt: iso.nullable(),
    nameEn: z.string(),
    nameAr: z.string(),
    descriptionEn: z.string(),
    descriptionAr: z.string(),
    code: z.string(),
    status: z.enum(RULE_STATUSES),
    type: z.enum(RULE_TYPES).meta({ description: 'Hard: a firing rule blocks the transaction. Soft: alert only.' }),
    severity,
    version: z.int(),
    autoSuspended: z.boolean(),
    config: z.record(z.string(), z.unknown()).meta({ description: '`{template, params}`.' }),
    configVariables,
  })
  .meta({ id: 'TransactionRule' });
export type RuleOut = z.infer<typeof ruleSchema>;

export const templateName = z.enum(TEMPLATE_NAMES);
export const ruleConfigInput = z.object({ template: templateName, params: z.record(z.string(), z.unknown()) });

export const createRuleInput = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{2,64}$/, 'letters, digits, _ and -, 2 to 64 characters'),
    nameEn: text(200),
    nameAr: text(200),
    descriptionEn: z.string().trim().max(5000).refine(hasNoNul).default(''),
    descriptionAr: z.string().trim().max(5000).refine(hasNoNul).default(''),
    type: z.enum(RULE_TYPES).default('Soft'),
    severity: severity.default('Medium'),
    config: ruleConfigInput,
  })
  .meta({ id: 'CreateTransactionRule' });
export const updateRuleInput = createRuleInput.omit({ code: true }).partial().meta({ id: 'UpdateTransactionRule' });
export const ruleStatusInput = z.object({ status: z.enum(['Published', 'Deactivated']) }).meta({ id: 'TransactionRuleStatusChange' });
export const backtestInput = z
  .object({
    days: z.number().int().min(1).max(366).default(30),
    config: ruleConfigInput.optional().meta({ description: 'The edited config to try; without it only the stored version runs.' }),
  })
  .meta({ id: 'BacktestTransactionRule' });
export const backtestResult = z
  .object({
    data: z.object({
      days: z.int(),
      from: iso,
      to: iso,
      transactions: z.int().meta({ description: 'Stored transactions replayed.' }),
      current: z.object({ version: z.int(), alerts: z.int(), entities: z.int() }),
      proposed: z.object({ alerts: z.int(), entities: z.int() }).nullable(),
      tookMs: z.int(),
    }),
  })
  .meta({ id: 'BacktestResult' });
export const ruleEnvelope = z.object({ data: ruleSchema }).meta({ id: 'TransactionRuleResponse' });
export const ruleList = z.object({ data: z.array(ruleSchema) }).meta({ id: 'TransactionRuleList' });
export const templateList = z
  .object({
    data: z.array(
      z.object({
        template: templateName,
        nameEn: z.string().meta({ description: 'The template’s name, as the officer app shows it.' }),
        nameAr: z.string(),
        configVariables,
      }),
    ),
  })
  .meta({ id: 'TransactionRuleTemplates' });

// Cases (transaction monitoring)

const comment = z.string().trim().max(5000).refine(hasNoNul, 'must not contain NUL (U+0000) characters');
export const proposeDispositionInput = z
  .object({ disposition: z.enum(DISPOSITIONS), comment: comment.min(1, 'a comment is required') })
  .meta({ id: 'ProposeCaseDisposition' });
export const decideDispositionInput = z
  .object({ approve: z.boolean(), comment: comment.optional() })
  .superRefine((v, ctx) => {
    if (!v.approve && !v.comment) ctx.addIssue({ code: 'custom', path: ['comment'], message: 'a comment is required to reject' });
  })
  .meta({ id: 'DecideCaseDisposition' });
export const createCaseNoteInput = z.object({ title: text(200), description: text(5000), alertId: z.uuid().optional() }).meta({ id: 'CreateCaseNote' });
export const caseDecisionSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    action: z.enum(['Proposed', 'Approved', 'Rejected']),
    disposition: z.enum(DISPOSITIONS),
    comment: z.string().nullable(),
    user: userSchema.nullable(),
  })
  .meta({ id: 'CaseDecision' });
export const alertAssignInput = z
  .object({ alertIds: z.array(z.uuid()).min(1).max(100), assigneeUserId: z.uuid().nullable() })
  .meta({ id: 'AssignTransactionAlerts' });

/** Evidence on a transaction-monitoring case: the case's attachments (Attachment, oldest first). */
export const caseAttachmentParams = z.object({ caseId: z.uuid(), attachmentId: z.uuid() });
export const caseAttachmentList = z.object({ data: z.array(attachmentSchema) }).meta({ id: 'CaseAttachmentList' });
