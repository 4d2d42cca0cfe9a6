import { AppError } from '@/lib/core/errors';
import { gzipTar, tarPath, type TarFile } from '@/lib/core/tar';
import { withTenant } from '@/lib/db/tenant-tx';
import { sqlOf } from '@/lib/db/sql';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { getAttachmentStorage } from '@/lib/attachments/storage';
import { getEntity } from '@/lib/entities/get-entity';

/**
 * Everything held about one entity (Saudi PDPL, the data subject's right of access), as one
 * archive `entity-<id>.tar.gz`:
 *   entity.json    { exportedAt, profile (as GET /entities/{id} answers), records: every row that
 *                   belongs to the entity, table by table, as stored (identities, their
 *                   verifications and documents, addresses, bank accounts, tags, organization
 *                   status, activities, e-mails sent, erasure requests, attachment metadata), and
 *                   auditEntries: every audit row about the entity or any of those records }
 *   files/<attachment id>-<name>   the stored documents themselves
 *   README.txt     what the archive holds
 * The export itself is audited (entity.export), in the same transaction as the reads.
 */

const RECORDS: { name: string; sql: string }[] = [
  { name: 'entity', sql: `SELECT row_to_json(t) AS r FROM "Entity" t WHERE "tenantId" = $1 AND id = $2` },
  { name: 'identities', sql: `SELECT row_to_json(t) AS r FROM "Identity" t WHERE "tenantId" = $1 AND "entityId" = $2 ORDER BY "createdAt"` },
  {
    name: 'identityVerifications',
    sql: `SELECT row_to_json(t) AS r FROM "IdentityVerification" t JOIN "Identity" i ON i.id = t."identityId" WHERE t."tenantId" = $1 AND i."entityId" = $2`,
  },
  {
    name: 'identityDocuments',
    sql: `SELECT row_to_json(t) AS r FROM "IdentityDocument" t JOIN "Identity" i ON i.id = t."identityId" WHERE t."tenantId" = $1 AND i."entityId" = $2`,
  },
  { name: 'addresses', sql: `SELECT row_to_json(t) AS r FROM "Address" t WHERE "tenantId" = $1 AND "entityId" = $2 ORDER BY "createdAt"` },
  { name: 'bankAccounts', sql: `SELECT row_to_json(t) AS r FROM "BankAccount" t WHERE "tenantId" = $1 AND "entityId" = $2 ORDER BY "createdAt"` },
  {
    name: 'tags',
    sql: `SELECT json_build_object('tagId', g.id, 'nameEn', g."nameEn", 'nameAr', g."nameAr", 'taggedAt', et."createdAt") AS r
          FROM "EntityTag" et JOIN "Tag" g ON g.id = et."tagId" WHERE et."tenantId" = $1 AND et."entityId" = $2`,
  },
  { name: 'organizationStatus', sql: `SELECT row_to_json(t) AS r FROM "OrganizationStatus" t WHERE "tenantId" = $1 AND "entityId" = $2` },
  { name: 'activities', sql: `SELECT row_to_json(t) AS r FROM "Activity" t WHERE "tenantId" = $1 AND "entityId" = $2 ORDER BY "createdAt"` },
  {
    name: 'emailNotifications',
    sql: `SELECT row_to_json(t) AS r FROM "EmailNotification" t WHERE "tenantId" = $1 AND "entityId" = $2 ORDER BY "createdAt"`,
  },
  { name: 'erasureRequests', sql: `SELECT row_to_json(t) AS r FROM "ErasureRequest" t WHERE "tenantId" = $1 AND "entityId" = $2 ORDER BY "requestedAt"` },
];

/** The attachments the entity's records point at (documents, selfies, bank letters, address proofs). */
const ATTACHMENTS_SQL = `
  SELECT a.id, a.name, a."mimeType", a.size::text AS size, a.sha256, a."storageKey", a."createdAt"
  FROM "Attachment" a
  WHERE a."tenantId" = $1 AND a.id IN (
    SELECT d."attachmentId" FROM "IdentityDocument" d JOIN "Identity" i ON i.id = d."identityId" WHERE i."entityId" = $2
    UNION SELECT i."selfieId" FROM "Identity" i WHERE i."entityId" = $2
    UNION SELECT b."attachmentId" FROM "BankAccount" b WHERE b."entityId" = $2
    UNION SELECT ad."attachmentId" FROM "Address" ad WHERE ad."entityId" = $2)
  ORDER BY a."createdAt"`;

export interface EntityExport {
  fileName: string;
  archive: Buffer;
  counts: Record<string, number>;
}

/** Ids of every record that belongs to the entity, by audit target type (what its audit entries name). */
function targetsOf(records: Record<string, unknown[]>, attachments: { id: string }[], entityId: string): { type: string; id: string }[] {
  const ids = (name: string) => (records[name] as { id?: string }[]).map((r) => r.id).filter((id): id is string => !!id);
  return [
    { type: 'Entity', id: entityId },
    ...ids('identities').map((id) => ({ type: 'Identity', id })),
    ...ids('addresses').map((id) => ({ type: 'Address', id })),
    ...ids('bankAccounts').map((id) => ({ type: 'BankAccount', id })),
    ...ids('erasureRequests').map((id) => ({ type: 'ErasureRequest', id })),
    ...attachments.map((a) => ({ type: 'Attachment', id: a.id })),
  ];
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
  const { records, attachments, auditEntries } = await withTenant(tenantId, async (tx) => {
    const sql = sqlOf(tx);
    const records: Record<string, unknown[]> = {};
    for (const { name, sql: text } of RECORDS) records[name] = (await sql.query<{ r: unknown }>(text, [tenantId, entityId])).rows.map((row) => row.r);
    if (records.entity.length === 0) throw AppError.notFound();
    const attachments = (
      await sql.query<{ id: string; name: string; mimeType: string; size: string; sha256: string; storageKey: string; createdAt: Date }>(ATTACHMENTS_SQL, [
        tenantId,
        entityId,
      ])
    ).rows;
    const targets = targetsOf(records, attachments, entityId);
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
    records: { ...records, attachments: attachments.map(({ storageKey: _key, ...rest }) => rest) },
    auditEntries,
    missingFiles: missing,
  };
  const readme = [
    `Everything this service holds about entity ${entityId}, exported ${exportedAt.toISOString()}.`,
    '',
    'entity.json   profile: the profile as the API shows it;',
    '              records: every stored row belonging to the entity, table by table, as stored;',
    '              auditEntries: every audit log entry about the entity or those rows.',
    'files/        the stored documents (identity documents, selfies, bank letters, address proofs).',
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
