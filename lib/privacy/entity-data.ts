/**
 * Every table that holds rows belonging to one entity, and what the personal-data export and the
 * erasure do with each. One declaration drives both, and `entity-data.test.ts` compares it with the
 * database: a table that points at an entity (a column `entityId` / `…EntityId`, a foreign key, or
 * a column `<table>Id` naming such a table, transitively) and is missing here fails the test, and
 * so does any text, JSON or date column of those tables that erasure neither clears, pseudonymises
 * nor keeps with a stated reason.
 *
 * `rows` is a predicate over alias `t`: `$1` is the tenant id, `$2` the entity id. Every query also
 * filters on `t."tenantId" = $1` (and runs in the tenant's transaction under row-level security).
 */

/** How erasure treats one column of a row it keeps. */
export type ColumnErasure =
  /** Set to NULL (or the column's empty value). */
  | { clear: true }
  /** Replaced by `erased:<HMAC>` (a key thrown away after the run): equal values keep equal pseudonyms. */
  | { pseudonymise: true }
  /** JSON: only these keys' values (at any depth) are pseudonymised. */
  | { pseudonymiseKeys: string[] }
  /** JSON: every value is pseudonymised except those under these keys (ids, amounts, dates, decisions). */
  | { pseudonymiseExcept: string[] };

export interface EntityTable {
  table: string;
  /** Which rows belong to the entity (for the export, and for erasure unless `eraseRows` says otherwise). */
  rows: string;
  /** The key of these rows in the export's `records`, or why they are not exported. */
  exportAs: string | { notExported: string };
  /** Columns left out of the export (secrets that are not personal data). */
  omit?: string[];
  /** What erasure does with the rows. `custom`: handled by code of its own in erasure.ts (columns still listed). */
  erase: 'delete' | 'keep' | 'custom';
  /** Erasure acts on these rows instead of `rows` (same parameters). */
  eraseRows?: string;
  /** Personal columns of kept rows, and what erasure does with them. */
  personal?: Record<string, ColumnErasure>;
  /** Text, JSON and date columns kept unchanged, and why (ids, codes, states, amounts, dates the audit trail needs). */
  kept?: { columns: string[]; because: string };
}

const ofEntity = `t."entityId" = $2`;
const ofKyc = `t."kycId" IN (SELECT k.id FROM "Kyc" k WHERE k."tenantId" = $1 AND k."entityId" = $2)`;
const ofRelationship = `t."relationshipId" IN (SELECT r.id FROM "Relationship" r WHERE r."tenantId" = $1 AND ($2 IN (r."sourceEntityId", r."targetEntityId")))`;
/** Relationships in which the entity is the related person (shareholder, director, guardian, …): the invitations went to it, the files prove it. */
const ofRelationshipAsTarget = `t."relationshipId" IN (SELECT r.id FROM "Relationship" r WHERE r."tenantId" = $1 AND r."targetEntityId" = $2)`;
const ofCase = `t."caseId" IN (SELECT c.id FROM "Case" c WHERE c."tenantId" = $1 AND c."entityId" = $2)`;
const ofWallet = `(SELECT w.id FROM "Wallet" w WHERE w."tenantId" = $1 AND w."entityId" = $2)`;
const ofIdentity = `t."identityId" IN (SELECT i.id FROM "Identity" i WHERE i."tenantId" = $1 AND i."entityId" = $2)`;

/** Keys of JSON documents (audit values, STR facts) whose values are ids, codes, states, amounts or dates: kept in pseudonymised records. */
export const AUDIT_TRAIL_KEYS = [
  'id',
  'entityId',
  'identityId',
  'attachmentId',
  'bankAccountId',
  'addressId',
  'requestId',
  'erasureRequestId',
  'kycId',
  'formId',
  'submissionId',
  'questionId',
  'optionId',
  'optionIds',
  'agreementId',
  'relationshipId',
  'sourceEntityId',
  'targetEntityId',
  'caseId',
  'matchId',
  'alertId',
  'alertIds',
  'transactionId',
  'transactionIds',
  'walletId',
  'sourceWalletId',
  'targetWalletId',
  'ruleId',
  'ruleCode',
  'ruleVersion',
  'watchlistEntryId',
  'role',
  'type',
  'kind',
  'status',
  'state',
  'classification',
  'verificationStatus',
  'approvalStatus',
  'eddStatus',
  'qualifiedStatus',
  'reviewStatus',
  'riskLevel',
  'riskScore',
  'severity',
  'disposition',
  'decision',
  'direction',
  'source',
  'primary',
  'isPrimary',
  'amount',
  'currency',
  'currencyCode',
  'exchangeRate',
  'externalRef',
  'attempt',
  'version',
  'percentage',
  'ownershipPercent',
  'transactionDate',
  'valueDate',
  'settlementDate',
  'submittedAt',
  'decidedAt',
  'createdAt',
  'updatedAt',
  'reviewedAt',
  'closedAt',
  'relationshipEndedAt',
  'erasedAt',
];

export const ENTITY_TABLES: EntityTable[] = [
  {
    table: 'Entity',
    rows: `t.id = $2`,
    exportAs: 'entity',
    erase: 'custom',
    personal: Object.fromEntries(
      [
        'nameEn',
        'nameAr',
        'email',
        'countryCode',
        'phoneNumber',
        'dob',
        'dobHijri',
        'dateOfIncorporation',
        'dateOfIncorporationHijri',
        'nationalityCode',
        'gender',
        'category',
        'accountOpenDate',
        'rawData',
        'searchText',
      ].map((c) => [c, { clear: true } as ColumnErasure]),
    ),
    kept: {
      columns: ['crmId', 'role', 'type', 'status', 'verificationBlocked', 'classification', 'screeningStatus'],
      because: "the tombstone: the tenant's own reference, role, type, states and classification, which carry no personal value",
    },
  },
  { table: 'Identity', rows: ofEntity, exportAs: 'identities', erase: 'delete' },
  { table: 'IdentityVerification', rows: ofIdentity, exportAs: 'identityVerifications', erase: 'delete' },
  { table: 'IdentityDocument', rows: ofIdentity, exportAs: 'identityDocuments', erase: 'delete' },
  { table: 'Address', rows: ofEntity, exportAs: 'addresses', erase: 'delete' },
  { table: 'BankAccount', rows: ofEntity, exportAs: 'bankAccounts', erase: 'delete' },
  { table: 'EntityTag', rows: ofEntity, exportAs: 'tags', erase: 'delete' },
  { table: 'OrganizationStatus', rows: ofEntity, exportAs: 'organizationStatus', erase: 'delete' },
  { table: 'Activity', rows: ofEntity, exportAs: 'activities', erase: 'delete' },
  { table: 'EmailNotification', rows: ofEntity, exportAs: 'emailNotifications', omit: ['sealed'], erase: 'delete' },
  {
    table: 'EntityDocument',
    rows: ofEntity,
    exportAs: { notExported: 'a copy of the profile kept by triggers for reads and search; the export holds the profile and the rows it is built from' },
    erase: 'custom',
    personal: { document: { clear: true } },
  },
  {
    table: 'ErasureRequest',
    rows: ofEntity,
    exportAs: 'erasureRequests',
    erase: 'keep',
    personal: { note: { pseudonymise: true } },
    kept: { columns: ['status', 'requestedBy'], because: 'the state of the request and who recorded it (an officer or key id)' },
  },
  {
    table: 'BulkJobItem',
    rows: ofEntity,
    exportAs: 'bulkJobItems',
    erase: 'keep',
    personal: { input: { clear: true } },
    kept: {
      columns: ['crmId', 'status', 'validationErrors'],
      because: "the tenant's reference (kept on the entity too), the item's state and the validation messages, which name fields, not values",
    },
  },

  // KYC
  {
    table: 'Kyc',
    rows: ofEntity,
    exportAs: 'kyc',
    erase: 'keep',
    kept: { columns: ['classification', 'status', 'eddStatus', 'qualifiedStatus'], because: 'states and classification' },
  },
  { table: 'KycEnabledQuestion', rows: ofKyc, exportAs: 'kycEnabledQuestions', erase: 'keep' },
  { table: 'KycSubmission', rows: ofKyc, exportAs: 'kycSubmissions', erase: 'keep' },
  {
    table: 'KycAnswer',
    rows: ofKyc,
    exportAs: 'kycAnswers',
    erase: 'keep',
    // chosenOptions: the choices (ids, kept) with the additional information the person typed.
    personal: { openAnswer: { pseudonymise: true }, chosenOptions: { pseudonymiseKeys: ['additionalInfo'] } },
  },
  {
    table: 'KycAnswerAttachment',
    rows: `t."answerId" IN (SELECT a.id FROM "KycAnswer" a JOIN "Kyc" k ON k.id = a."kycId" WHERE k."tenantId" = $1 AND k."entityId" = $2)`,
    exportAs: 'kycAnswers',
    erase: 'delete',
  },
  {
    table: 'KycScore',
    rows: ofEntity,
    exportAs: 'kycScores',
    erase: 'keep',
    personal: { riskBreakdown: { pseudonymiseKeys: ['countryCode'] } },
    kept: {
      columns: ['classification', 'reason', 'riskLevel', 'overrideReasons'],
      because: 'the score and why (section and question ids, points, the overriding question or case): the explanation of a decision, no answer value',
    },
  },
  {
    table: 'KycReview',
    rows: ofKyc,
    exportAs: 'kycReviews',
    erase: 'keep',
    personal: { comment: { pseudonymise: true } },
    kept: { columns: ['type', 'status'], because: 'the decision' },
  },
  { table: 'KycAgreementSignature', rows: ofKyc, exportAs: 'kycAgreementSignatures', erase: 'delete' },

  // Relationships
  {
    table: 'Relationship',
    rows: `($2 IN (t."sourceEntityId", t."targetEntityId"))`,
    exportAs: 'relationships',
    erase: 'keep',
    personal: { decisionReason: { pseudonymise: true } },
    kept: {
      columns: ['type', 'subType', 'approvalStatus', 'preIdVerificationPreference', 'uboConnection', 'decidedBy'],
      because: "the relationship itself (who, what, shares, dates, decision): the counterpart's record, kept under its own retention",
    },
  },
  {
    table: 'RelationshipInvitation',
    rows: ofRelationship,
    exportAs: 'relationshipInvitations',
    omit: ['tokenHash'],
    erase: 'keep',
    eraseRows: ofRelationshipAsTarget,
    personal: { recipient: { pseudonymise: true } },
    kept: { columns: ['tokenHash', 'language'], because: 'the hash of a random single-use token and the language of the e-mail: no personal value' },
  },
  { table: 'RelationshipFile', rows: ofRelationship, exportAs: 'relationshipFiles', erase: 'delete', eraseRows: ofRelationshipAsTarget },
  { table: 'RelationshipNote', rows: ofRelationship, exportAs: 'relationshipNotes', erase: 'custom' },

  // Transactions and their monitoring
  {
    table: 'Wallet',
    rows: ofEntity,
    exportAs: 'wallets',
    erase: 'keep',
    personal: { vIban: { pseudonymise: true } },
    kept: { columns: ['type', 'status', 'currency', 'externalRef', 'productId'], because: "the wallet's kind, state, currency and the tenant's references" },
  },
  {
    table: 'Transaction',
    rows: `(t."sourceEntityId" = $2 OR t."targetEntityId" = $2 OR t."sourceWalletId" IN ${ofWallet} OR t."targetWalletId" IN ${ofWallet})`,
    exportAs: 'transactions',
    erase: 'custom',
    personal: {
      source: { pseudonymiseKeys: ['iban', 'vIban'] },
      target: { pseudonymiseKeys: ['iban', 'vIban'] },
      internalTransferReason: { pseudonymise: true },
    },
    kept: {
      columns: [
        'status',
        'reviewStatus',
        'direction',
        'suspiciousSeverity',
        'externalRef',
        'requestHash',
        'orderRef',
        'sourceSystem',
        'currency',
        'currencyCode',
        'paymentForm',
        'paymentType',
        'securityDetails',
        'sourceCountry',
        'targetCountry',
      ],
      because:
        "states, direction, severity, amounts, dates, currencies, countries (the risk they carried), payment codes, instrument details and the tenant's references; requestHash is a SHA-256 of the whole request, not a value",
    },
  },
  {
    table: 'TransactionAlert',
    rows: ofEntity,
    exportAs: 'transactionAlerts',
    erase: 'keep',
    kept: {
      columns: ['severity', 'flagCategory', 'status', 'ruleSnapshot', 'reasonEn', 'reasonAr', 'tags'],
      because: "severity, state, the rule as it fired and its generated reason (amounts, counts, the rule's own words): what the alert decided on",
    },
  },
  {
    table: 'Case',
    rows: ofEntity,
    exportAs: 'cases',
    erase: 'keep',
    kept: { columns: ['kind', 'status', 'disposition', 'source'], because: 'the kind, state and outcome of the case, and the watchlist of a screening case' },
  },
  { table: 'CaseNote', rows: ofCase, exportAs: 'caseNotes', erase: 'keep', personal: { title: { pseudonymise: true }, description: { pseudonymise: true } } },
  // Evidence officers attached to the entity's case: the person's own documents, so erased with them.
  { table: 'CaseAttachment', rows: ofCase, exportAs: 'caseAttachments', erase: 'delete' },
  {
    table: 'CaseDecision',
    rows: ofCase,
    exportAs: 'caseDecisions',
    erase: 'keep',
    personal: { comment: { pseudonymise: true } },
    kept: { columns: ['action', 'disposition'], because: 'the decision' },
  },
  {
    table: 'StrReport',
    rows: ofCase,
    exportAs: 'strReports',
    erase: 'keep',
    personal: { facts: { pseudonymiseExcept: AUDIT_TRAIL_KEYS }, attachmentId: { clear: true } },
    kept: { columns: ['status'], because: 'whether the report was submitted' },
  },

  // Screening
  {
    table: 'Match',
    rows: ofEntity,
    exportAs: 'matches',
    erase: 'keep',
    personal: { comment: { pseudonymise: true }, signals: { pseudonymiseKeys: ['number'] } },
    kept: {
      columns: ['status', 'proposedStatus', 'source', 'entryVersion', 'criteria', 'name', 'reasons', 'matchedAlias', 'recommendation', 'gender'],
      because:
        "the review state, the watchlist entry's own name, alias and gender (the list's data, not the entity's), the scores, reasons and recommendation the decision rests on",
    },
  },
  {
    table: 'MatchReview',
    rows: `t."matchId" IN (SELECT m.id FROM "Match" m WHERE m."tenantId" = $1 AND m."entityId" = $2)`,
    exportAs: 'matchReviews',
    erase: 'keep',
    personal: { comment: { pseudonymise: true } },
    kept: { columns: ['action', 'status', 'proposedStatus'], because: 'the review step and its outcome' },
  },
  {
    table: 'MonitoredLookupKey',
    rows: `t."monitoredKeyId" IN (SELECT m.id FROM "MonitoredNameKey" m WHERE m."tenantId" = $1 AND m."entityId" = $2)`,
    exportAs: { notExported: 'search keys derived from the monitored names, which are exported as monitoredNameKeys' },
    erase: 'delete',
  },
  { table: 'MonitoredNameKey', rows: ofEntity, exportAs: 'monitoredNameKeys', erase: 'delete' },
];

/** Attachments the entity's rows point at (documents, selfies, bank letters, address proofs, KYC answer files, signatures, relationship files, STR files, case evidence). */
export const ENTITY_ATTACHMENTS_SQL = `
  SELECT d."attachmentId" AS id FROM "IdentityDocument" d JOIN "Identity" i ON i.id = d."identityId" WHERE i."tenantId" = $1 AND i."entityId" = $2
  UNION SELECT i."selfieId" FROM "Identity" i WHERE i."tenantId" = $1 AND i."entityId" = $2 AND i."selfieId" IS NOT NULL
  UNION SELECT b."attachmentId" FROM "BankAccount" b WHERE b."tenantId" = $1 AND b."entityId" = $2 AND b."attachmentId" IS NOT NULL
  UNION SELECT ad."attachmentId" FROM "Address" ad WHERE ad."tenantId" = $1 AND ad."entityId" = $2 AND ad."attachmentId" IS NOT NULL
  UNION SELECT t."attachmentId" FROM "KycAnswerAttachment" t WHERE t."tenantId" = $1 AND t."answerId" IN (SELECT a.id FROM "KycAnswer" a JOIN "Kyc" k ON k.id = a."kycId" WHERE k."entityId" = $2)
  UNION SELECT t."attachmentId" FROM "KycAgreementSignature" t WHERE t."tenantId" = $1 AND ${ofKyc}
  UNION SELECT t."attachmentId" FROM "RelationshipFile" t WHERE t."tenantId" = $1 AND ${ofRelationship}
  UNION SELECT t."attachmentId" FROM "StrReport" t WHERE t."tenantId" = $1 AND ${ofCase} AND t."attachmentId" IS NOT NULL
  UNION SELECT t."attachmentId" FROM "CaseAttachment" t WHERE t."tenantId" = $1 AND ${ofCase}`;

/** The same, limited to the files erasure removes (those of rows it deletes or clears). */
export const ERASED_ATTACHMENTS_SQL = `
  SELECT d."attachmentId" AS id FROM "IdentityDocument" d JOIN "Identity" i ON i.id = d."identityId" WHERE i."tenantId" = $1 AND i."entityId" = $2
  UNION SELECT i."selfieId" FROM "Identity" i WHERE i."tenantId" = $1 AND i."entityId" = $2 AND i."selfieId" IS NOT NULL
  UNION SELECT b."attachmentId" FROM "BankAccount" b WHERE b."tenantId" = $1 AND b."entityId" = $2 AND b."attachmentId" IS NOT NULL
  UNION SELECT ad."attachmentId" FROM "Address" ad WHERE ad."tenantId" = $1 AND ad."entityId" = $2 AND ad."attachmentId" IS NOT NULL
  UNION SELECT t."attachmentId" FROM "KycAnswerAttachment" t WHERE t."tenantId" = $1 AND t."answerId" IN (SELECT a.id FROM "KycAnswer" a JOIN "Kyc" k ON k.id = a."kycId" WHERE k."entityId" = $2)
  UNION SELECT t."attachmentId" FROM "KycAgreementSignature" t WHERE t."tenantId" = $1 AND ${ofKyc}
  UNION SELECT t."attachmentId" FROM "RelationshipFile" t WHERE t."tenantId" = $1 AND ${ofRelationshipAsTarget}
  UNION SELECT t."attachmentId" FROM "StrReport" t WHERE t."tenantId" = $1 AND ${ofCase} AND t."attachmentId" IS NOT NULL
  UNION SELECT t."attachmentId" FROM "CaseAttachment" t WHERE t."tenantId" = $1 AND ${ofCase}`;

/** An attachment is removed only when no remaining row of any kind points at it. */
export const ATTACHMENT_UNREFERENCED_SQL = `
  NOT EXISTS (SELECT 1 FROM "IdentityDocument" x WHERE x."attachmentId" = a.id)
  AND NOT EXISTS (SELECT 1 FROM "Identity" x WHERE x."selfieId" = a.id)
  AND NOT EXISTS (SELECT 1 FROM "BankAccount" x WHERE x."attachmentId" = a.id)
  AND NOT EXISTS (SELECT 1 FROM "Address" x WHERE x."attachmentId" = a.id)
  AND NOT EXISTS (SELECT 1 FROM "KycAnswerAttachment" x WHERE x."attachmentId" = a.id)
  AND NOT EXISTS (SELECT 1 FROM "KycAgreementSignature" x WHERE x."attachmentId" = a.id)
  AND NOT EXISTS (SELECT 1 FROM "RelationshipFile" x WHERE x."attachmentId" = a.id)
  AND NOT EXISTS (SELECT 1 FROM "StrReport" x WHERE x."attachmentId" = a.id)
  AND NOT EXISTS (SELECT 1 FROM "CaseAttachment" x WHERE x."attachmentId" = a.id)`;
