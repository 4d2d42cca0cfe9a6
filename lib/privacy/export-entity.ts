import { AppError } from '@/lib/core/errors';
import { gzipTar, tarPath, type TarFile } from '@/lib/core/tar';
import { withTenant } from '@/lib/db/tenant-tx';
import { sqlOf } from '@/lib/db/sql';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { getAttachmentStorage } from '@/lib/attachments/storage';
import { getEntity } from '@/lib/entities/get-entity';
import { getOwnershipGraph } from '@/lib/relationships/ownership-graph';
import { ENTITY_ATTACHMENTS_SQL, ENTITY_TABLES } from './entity-data';

/**
 * Everything held about one entity (Saudi PDPL, the data subject's right of access), as one
 * archive `entity-<id>.tar.gz`:
 *   entity.json    { exportedAt, profile (as GET /entities/{id} answers), beneficialOwners (as the
 *                   profile computes them), records: every row that belongs to the entity, table by
 *                   table (entity-data.ts lists them: identities, documents, addresses, bank
 *                   accounts, tags, activities, e-mails, erasure requests, bulk items; the KYC
 *                   record, its submissions, every answer with its form, section and question
 *                   labels and chosen options, scores with their breakdown and override reasons,
 *                   reviews, enabled questions, agreement signatures with the agreement's text;
 *                   relationships in both directions with the other party named, their
 *                   invitations, files and notes; wallets, transactions, the bank accounts they
 *                   went through, alerts, cases (screening and transaction monitoring) with their
 *                   notes, decisions and STR reports; watchlist matches and their review trail;
 *                   monitoring name keys), attachment metadata, and auditEntries: every audit row
 *                   about the entity or any of those records }
 *   files/<attachment id>-<name>   the stored files themselves
 *   README.txt     what the archive holds
 * The export itself is audited (entity.export), in the same transaction as the reads.
 */

/** Readable forms of some records (labels beside ids); every other key is its table's rows as stored. */
const VIEWS: Record<string, string> = {
  tags: `SELECT json_build_object('tagId', g.id, 'nameEn', g."nameEn", 'nameAr', g."nameAr", 'taggedAt', t."createdAt") AS r
         FROM "EntityTag" t JOIN "Tag" g ON g.id = t."tagId" WHERE t."tenantId" = $1 AND t."entityId" = $2`,
  kycSubmissions: `SELECT to_jsonb(t) || jsonb_build_object('formType', f.type, 'formNameEn', f."nameEn", 'formNameAr', f."nameAr", 'formVersion', f.version) AS r
         FROM "KycSubmission" t JOIN "KycForm" f ON f.id = t."formId" JOIN "Kyc" k ON k.id = t."kycId"
         WHERE t."tenantId" = $1 AND k."entityId" = $2 ORDER BY t."submittedAt"`,
  kycEnabledQuestions: `SELECT to_jsonb(t) || jsonb_build_object('formType', f.type, 'formNameEn', f."nameEn", 'formNameAr', f."nameAr", 'labelEn', q."labelEn", 'labelAr', q."labelAr") AS r
         FROM "KycEnabledQuestion" t JOIN "KycForm" f ON f.id = t."formId" JOIN "KycQuestion" q ON q.id = t."questionId" JOIN "Kyc" k ON k.id = t."kycId"
         WHERE t."tenantId" = $1 AND k."entityId" = $2 ORDER BY f.type, q."sortOrder"`,
  // Every answer of every submission with its form, section and question labels, the chosen options
  // (with their labels and the additional information given) and the files attached.
  kycAnswers: `SELECT (to_jsonb(t) - 'chosenOptions') || jsonb_build_object(
           'formId', s."formId", 'formType', f.type, 'formNameEn', f."nameEn", 'formNameAr', f."nameAr", 'formVersion', f.version,
           'attempt', s.attempt, 'submittedAt', s."submittedAt",
           'sectionNameEn', sec."nameEn", 'sectionNameAr', sec."nameAr",
           'questionType', q.type, 'questionNameEn', q."nameEn", 'labelEn', q."labelEn", 'labelAr', q."labelAr",
           'options', COALESCE((SELECT jsonb_agg(jsonb_build_object('optionId', o.id, 'nameEn', o."nameEn", 'nameAr', o."nameAr", 'additionalInfo', ao->>'additionalInfo') ORDER BY o."sortOrder")
                                FROM jsonb_array_elements(t."chosenOptions") ao JOIN "KycOption" o ON o.id = (ao->>'optionId')::uuid), '[]'::jsonb),
           'attachmentIds', COALESCE((SELECT jsonb_agg(aa."attachmentId" ORDER BY aa.position) FROM "KycAnswerAttachment" aa WHERE aa."answerId" = t.id), '[]'::jsonb)) AS r
         FROM "KycAnswer" t JOIN "Kyc" k ON k.id = t."kycId" JOIN "KycSubmission" s ON s.id = t."submissionId" JOIN "KycForm" f ON f.id = s."formId"
           JOIN "KycQuestion" q ON q.id = t."questionId" JOIN "KycSection" sec ON sec.id = q."sectionId"
         WHERE t."tenantId" = $1 AND k."entityId" = $2 ORDER BY s."submittedAt", f.type, sec."sortOrder", q."sortOrder"`,
  kycAgreementSignatures: `SELECT to_jsonb(t) || jsonb_build_object('agreementType', g.type, 'classification', g.classification, 'titleEn', g."titleEn", 'titleAr', g."titleAr", 'bodyEn', g."bodyEn", 'bodyAr', g."bodyAr") AS r
         FROM "KycAgreementSignature" t JOIN "KycAgreement" g ON g.id = t."agreementId" JOIN "Kyc" k ON k.id = t."kycId"
         WHERE t."tenantId" = $1 AND k."entityId" = $2 ORDER BY t."createdAt"`,
  // Both directions, with the other party named.
  relationships: `SELECT to_jsonb(t) || jsonb_build_object(
           'direction', CASE WHEN t."sourceEntityId" = $2 THEN 'Source' ELSE 'Target' END,
           'counterpart', (SELECT jsonb_build_object('id', e.id, 'type', e.type, 'role', e.role, 'nameEn', e."nameEn", 'nameAr', e."nameAr") FROM "Entity" e
                           WHERE e.id = CASE WHEN t."sourceEntityId" = $2 THEN t."targetEntityId" ELSE t."sourceEntityId" END)) AS r
         FROM "Relationship" t WHERE t."tenantId" = $1 AND ($2 IN (t."sourceEntityId", t."targetEntityId")) ORDER BY t."createdAt"`,
  relationshipNotes: `SELECT to_jsonb(t) || jsonb_build_object('title', n.title, 'description', n.description, 'noteCreatedAt', n."createdAt") AS r
         FROM "RelationshipNote" t JOIN "Note" n ON n.id = t."noteId"
         WHERE t."tenantId" = $1 AND t."relationshipId" IN (SELECT r.id FROM "Relationship" r WHERE r."tenantId" = $1 AND ($2 IN (r."sourceEntityId", r."targetEntityId")))`,
};

/** The bank accounts the entity's transactions went through (its own and its counterparties'). */
const TRANSACTION_BANK_ACCOUNTS_SQL = `
  SELECT jsonb_build_object('id', b.id, 'entityId', b."entityId", 'iban', b.iban, 'bankNameEn', b."bankNameEn", 'bankNameAr', b."bankNameAr",
                            'swiftCode', b."swiftCode", 'holderName', b."holderName") AS r
  FROM "BankAccount" b WHERE b."tenantId" = $1 AND b.id IN (
    SELECT unnest(ARRAY[t."sourceBankAccountId", t."targetBankAccountId"]) FROM "Transaction" t
    WHERE t."tenantId" = $1 AND ${ENTITY_TABLES.find((d) => d.table === 'Transaction')!.rows})
  ORDER BY b."createdAt"`;

/** Export keys in order, each with its query. */
export function exportQueries(): { name: string; table: string; sql: string }[] {
  const out: { name: string; table: string; sql: string }[] = [];
  for (const d of ENTITY_TABLES) {
    if (typeof d.exportAs !== 'string' || out.some((q) => q.name === d.exportAs)) continue;
    const row = (d.omit ?? []).reduce((expr, column) => `${expr} - '${column}'`, 'to_jsonb(t)');
    const sql = VIEWS[d.exportAs] ?? `SELECT ${row} AS r FROM "${d.table}" t WHERE t."tenantId" = $1 AND ${d.rows}`;
    out.push({ name: d.exportAs, table: d.table, sql });
  }
  out.push({ name: 'transactionBankAccounts', table: 'BankAccount', sql: TRANSACTION_BANK_ACCOUNTS_SQL });
  return out;
}

/** The attachments the entity's records point at. */
const ATTACHMENTS_SQL = `
  SELECT a.id, a.name, a."mimeType", a.size::text AS size, a.sha256, a."storageKey", a."createdAt"
  FROM "Attachment" a
  WHERE a."tenantId" = $1 AND a.id IN (${ENTITY_ATTACHMENTS_SQL})
  ORDER BY a."createdAt"`;

export interface EntityExport {
  fileName: string;
  archive: Buffer;
  counts: Record<string, number>;
}

/** Audit targets of every record of the entity: audit entries name a record by its table and id. */
export function auditTargetsOf(records: Record<string, unknown[]>, tableOf: Record<string, string>, attachments: { id: string }[], entityId: string) {
  const targets = new Map<string, { type: string; id: string }>();
  const add = (type: string, id: unknown) => typeof id === 'string' && targets.set(`${type}:${id}`, { type, id });
  add('Entity', entityId);
  for (const [name, rows] of Object.entries(records)) {
    if (name === 'transactionBankAccounts') continue; // the counterparties' accounts are theirs
    for (const row of rows as Record<string, unknown>[]) {
      add(tableOf[name]!, row.id);
      if (name === 'relationshipNotes') add('Note', row.noteId);
    }
  }
  for (const a of attachments) add('Attachment', a.id);
  return [...targets.values()];
}

export async function exportEntity({
  tenantId,
  entityId,
  actor,
  requestId,
}: {
  tenantId: string;
  entityId: string;
  actor: Actor;
  requestId?: string;
}): Promise<EntityExport> {
  const profile = await getEntity({ tenantId, entityId });
  // The beneficial owners as the profile computes them (from the approved ownership relationships, exported below).
  const beneficialOwners = await getOwnershipGraph({ tenantId, entityId }).then(
    (graph) => graph.beneficialOwners,
    () => [],
  );
  const { records, attachments, auditEntries } = await withTenant(tenantId, async (tx) => {
    const sql = sqlOf(tx);
    const records: Record<string, unknown[]> = {};
    const queries = exportQueries();
    for (const { name, sql: text } of queries) records[name] = (await sql.query<{ r: unknown }>(text, [tenantId, entityId])).rows.map((row) => row.r);
    if (records.entity.length === 0) throw AppError.notFound();
    const attachments = (
      await sql.query<{ id: string; name: string; mimeType: string; size: string; sha256: string; storageKey: string; createdAt: Date }>(ATTACHMENTS_SQL, [
        tenantId,
        entityId,
      ])
    ).rows;
    const targets = auditTargetsOf(records, Object.fromEntries(queries.map((q) => [q.name, q.table])), attachments, entityId);
    const auditEntries = (
      await sql.query<{ r: unknown }>(
        `SELECT row_to_json(t) AS r FROM "AuditLog" t
         WHERE t."tenantId" = $1 AND (t."targetType", t."targetId") IN (SELECT * FROM unnest($2::text[], $3::text[]))
         ORDER BY t."createdAt", t.id`,
        [tenantId, targets.map((t) => t.type), targets.map((t) => t.id)],
      )
    ).rows.map((row) => row.r);
    await writeAudit(tx, {
      tenantId,
      actor,
      action: 'entity.export',
      targetType: 'Entity',
      targetId: entityId,
      after: { attachments: attachments.length, auditEntries: auditEntries.length },
      requestId,
    });
    return { records, attachments, auditEntries };
  });

  const storage = getAttachmentStorage();
  const files: TarFile[] = [];
  const missing: string[] = [];
  for (const a of attachments) {
    try {
      files.push({ name: tarPath(`files/${a.id}-${a.name}`), bytes: await storage.get(a.storageKey), mtime: new Date(a.createdAt) });
    } catch {
      missing.push(a.id);
    }
  }
  const exportedAt = new Date();
  const document = {
    exportedAt: exportedAt.toISOString(),
    entityId,
    profile,
    beneficialOwners,
    records: { ...records, attachments: attachments.map(({ storageKey: _key, ...rest }) => rest) },
    auditEntries,
    missingFiles: missing,
  };
  const readme = [
    `Everything this service holds about entity ${entityId}, exported ${exportedAt.toISOString()}.`,
    '',
    'entity.json   profile: the profile as the API shows it; beneficialOwners: as the profile computes them;',
    '              records: every stored row belonging to the entity, table by table, as stored;',
    '              auditEntries: every audit log entry about the entity or those rows.',
    '              (KYC answers with their question labels, scores, relationships, transactions, alerts,',
    '              cases, watchlist matches and their reviews are among the records.)',
    'files/        the stored files (identity documents, selfies, bank letters, address proofs,',
    '              KYC answer files, signed agreements, relationship documents, STR files).',
    '',
    'كل ما يحفظه النظام عن هذا الكيان: entity.json (الملف والسجلات وسجل التدقيق) والمستندات المحفوظة في files/.',
    '',
  ].join('\n');
  const archive = gzipTar([
    { name: 'README.txt', bytes: Buffer.from(readme, 'utf8'), mtime: exportedAt },
    { name: 'entity.json', bytes: Buffer.from(JSON.stringify(document, null, 2), 'utf8'), mtime: exportedAt },
    ...files,
  ]);
  return {
    fileName: `entity-${entityId}.tar.gz`,
    archive,
    counts: { ...Object.fromEntries(Object.entries(records).map(([k, v]) => [k, v.length])), attachments: files.length, auditEntries: auditEntries.length },
  };
}
