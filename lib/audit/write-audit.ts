import type { Tx } from '@/lib/db/tenant-tx';
import type { Prisma } from '@/lib/generated/prisma/client';

export interface Actor {
  type: 'apiKey' | 'user' | 'system' | 'cli' | 'relatedParty';
  id?: string | null;
}

export interface AuditEntry {
  tenantId: string;
  actor: Actor;
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
}

const asJson = (value: unknown) => (value === undefined || value === null ? undefined : (JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue));

/** Writes one append-only audit row inside the caller's transaction, so it commits with the change. */
export async function writeAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({
    data: {
      tenantId: entry.tenantId,
      actorType: entry.actor.type,
      actorId: entry.actor.id ?? null,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? null,
      before: asJson(entry.before),
      after: asJson(entry.after),
      requestId: entry.requestId ?? null,
    },
  });
}
