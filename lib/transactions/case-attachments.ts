/**
 * Evidence on transaction-monitoring cases: officers attach files (bank statements, screenshots,
 * correspondence) to a case, list them and download them. The bytes go through the one upload path
 * (lib/attachments: type decided from the bytes, size limit, the tenant's daily upload budget); this
 * module ties them to the case in the same transaction and audits each upload and each download.
 * Another tenant's case or attachment id is NOT_FOUND; an attachment of another case is NOT_FOUND
 * through this case.
 */
import { AppError } from '@/lib/core/errors';
import { sqlOf, type SqlQueryable } from '@/lib/db/sql';
import { withTenant } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { createAttachment } from '@/lib/attachments/create-attachment';
import { getAttachmentContent } from '@/lib/attachments/get-attachment-content';
import type { AttachmentOut } from '@/lib/attachments/schemas';
import { loadUsers } from '@/lib/cases/users';

/** The Attachment with `createdBy` naming the officer who attached it to the case. */
async function withAttachers(rows: { attachment: AttachmentOut; userId: string | null }[]): Promise<AttachmentOut[]> {
  const users = await loadUsers(rows.map((r) => r.userId).filter((id): id is string => !!id));
  return rows.map((r) => ({ ...r.attachment, createdBy: r.userId ? (users.get(r.userId) ?? null) : null }));
}

async function monitoringCase(db: SqlQueryable, tenantId: string, caseId: string, lock = false) {
  const row = (
    await db.query<{ id: string; kind: string; status: string }>(
      `SELECT id, kind, status FROM "Case" WHERE "tenantId" = $1::uuid AND id = $2::uuid${lock ? ' FOR UPDATE' : ''}`,
      [tenantId, caseId],
    )
  ).rows[0];
  if (!row) throw AppError.notFound();
  if (row.kind !== 'TransactionMonitoring') throw new AppError('CONFLICT');
  return row;
}

/** Attaches an uploaded file to the case (an officer's action: the audit names the officer). A Pending case moves to InReview. */
export async function addCaseAttachment(args: { tenantId: string; caseId: string; bytes: Uint8Array; name: string; actor: Actor; requestId?: string }) {
  const { tenantId, caseId, actor, requestId } = args;
  if (actor.type !== 'user' || !actor.id) throw new AppError('FORBIDDEN');
  const userId = actor.id;
  // Refuse an unknown case before the bytes are stored (the link below checks again under the lock).
  await withTenant(tenantId, (tx) => monitoringCase(sqlOf(tx), tenantId, caseId));
  const created = await createAttachment({
    tenantId,
    bytes: args.bytes,
    name: args.name,
    actor,
    requestId,
    link: async (tx, attachmentId) => {
      const db = sqlOf(tx);
      const c = await monitoringCase(db, tenantId, caseId, true);
      await db.query(`INSERT INTO "CaseAttachment" ("tenantId", "caseId", "attachmentId", "userId") VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid)`, [
        tenantId,
        caseId,
        attachmentId,
        userId,
      ]);
      if (c.status === 'Pending')
        await db.query(`UPDATE "Case" SET status = 'InReview', "updatedAt" = now() WHERE "tenantId" = $1::uuid AND id = $2::uuid`, [tenantId, caseId]);
      await writeAudit(tx, {
        tenantId,
        actor,
        action: 'case.attachmentAdded',
        targetType: 'Case',
        targetId: caseId,
        after: { attachmentId, name: args.name, size: args.bytes.byteLength },
        requestId,
      });
    },
  });
  const [data] = await withAttachers([{ attachment: created.data, userId }]);
  return { data: data!, creationStatus: created.creationStatus };
}

/** The case's attachments, oldest first. */
export async function listCaseAttachments({ tenantId, caseId }: { tenantId: string; caseId: string }): Promise<{ data: AttachmentOut[] }> {
  const rows = await withTenant(tenantId, async (tx) => {
    const db = sqlOf(tx);
    await monitoringCase(db, tenantId, caseId);
    const found = await db.query<{ json: string; userId: string | null }>(
      `SELECT crm_attachment_json(a)::text AS json, ca."userId" FROM "CaseAttachment" ca
         JOIN "Attachment" a ON a."tenantId" = ca."tenantId" AND a.id = ca."attachmentId"
        WHERE ca."tenantId" = $1::uuid AND ca."caseId" = $2::uuid
        ORDER BY ca."createdAt", a.id`,
      [tenantId, caseId],
    );
    return found.rows;
  });
  return { data: await withAttachers(rows.map((r) => ({ attachment: JSON.parse(r.json) as AttachmentOut, userId: r.userId }))) };
}

/** The bytes of one of the case's attachments; the download is audited (who read which evidence). */
export async function getCaseAttachmentContent(args: { tenantId: string; caseId: string; attachmentId: string; actor: Actor; requestId?: string }) {
  const { tenantId, caseId, attachmentId } = args;
  await withTenant(tenantId, async (tx) => {
    const db = sqlOf(tx);
    await monitoringCase(db, tenantId, caseId);
    const linked = await db.query(`SELECT 1 FROM "CaseAttachment" WHERE "tenantId" = $1::uuid AND "caseId" = $2::uuid AND "attachmentId" = $3::uuid`, [
      tenantId,
      caseId,
      attachmentId,
    ]);
    if (!linked.rows.length) throw AppError.notFound();
    await writeAudit(tx, {
      tenantId,
      actor: args.actor,
      action: 'case.attachmentDownloaded',
      targetType: 'Case',
      targetId: caseId,
      after: { attachmentId },
      requestId: args.requestId,
    });
  });
  return getAttachmentContent({ tenantId, attachmentId });
}
