import type { Tx } from '@/lib/db/tenant-tx';
import { withTenant } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import type { NoteOut } from './schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Writes a note (POST /notes) for records to reference by id later (`noteIds` of
 * POST /entity-relationships/invite). The note remembers who wrote it: the officer, or the API key.
 */
export async function createNote({
  tenantId,
  title,
  description,
  actor,
  requestId,
}: {
  tenantId: string;
  title: string;
  description: string;
  actor: Actor;
  requestId?: string;
}): Promise<{ data: NoteOut }> {
  return withTenant(tenantId, async (tx) => {
    const note = await tx.note.create({
      data: {
        tenantId,
        title,
        description,
        createdByUserId: actor.type === 'user' && actor.id && UUID.test(actor.id) ? actor.id : null,
        createdByKeyId: actor.type === 'apiKey' && actor.id && UUID.test(actor.id) ? actor.id : null,
      },
      select: { id: true },
    });
    const out = (await selectNotesJson(tx, tenantId, [note.id]))[0]!;
    await writeAudit(tx, { tenantId, actor, action: 'note.create', targetType: 'Note', targetId: note.id, after: { title, description }, requestId });
    return { data: out };
  });
}

/** Notes in the API's shape, built by PostgreSQL (crm_note_json), in the order of `ids`. */
export async function selectNotesJson(tx: Tx, tenantId: string, ids: string[]): Promise<NoteOut[]> {
  const rows = await tx.$queryRaw<{ id: string; json: string }[]>`
    SELECT n."id", crm_note_json(n, u)::text AS json
    FROM "Note" n LEFT JOIN "User" u ON u."id" = n."createdByUserId"
    WHERE n."tenantId" = ${tenantId}::uuid AND n."id" = ANY(${ids}::uuid[])`;
  const byId = new Map(rows.map((row) => [row.id, JSON.parse(row.json) as NoteOut]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}
