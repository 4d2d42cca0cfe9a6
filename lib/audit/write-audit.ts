import type { Tx } from '@/lib/db/tenant-tx';
import type { Prisma } from '@/lib/generated/prisma/client';

export interface Actor {
  type: 'apiKey' | 'user' | 'system' | 'cli' | 'relatedParty' | 'anonymous';
  id?: string | null;
}

export interface AuditEntry {
  /** Null only for platform events (a platform administrator's sign-in, an unknown e-mail's failure): write those with withPlatform. */
  tenantId: string | null;
  actor: Actor;
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
  /** The browser's address and user agent, for sign-in and session events. */
  client?: ClientInfo;
}

/** Where a browser request came from (the first X-Forwarded-For address, the User-Agent). */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
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
      ip: entry.client?.ip?.slice(0, 100) ?? null,
      userAgent: entry.client?.userAgent?.slice(0, 500) ?? null,
    },
  });
}
