import type { Tx } from '@/lib/db/tenant-tx';
import type { Prisma } from '@/lib/generated/prisma/client';

export interface DomainEvent {
  tenantId: string;
  /** Event name from the spec, e.g. `EntityStatusUpdate`. */
  type: string;
  data: unknown;
}

/**
 * Records an event in the outbox inside the caller's transaction. The row and the change that
 * caused it commit (or roll back) together; a database trigger enqueues its delivery job in the
 * same transaction, so a committed event is always delivered by the worker, even after a crash.
 */
export async function emitEvent(tx: Tx, event: DomainEvent): Promise<{ id: string }> {
  const row = await tx.outboxEvent.create({
    data: {
      tenantId: event.tenantId,
      type: event.type,
      payload: JSON.parse(JSON.stringify(event.data ?? null)) as Prisma.InputJsonValue,
    },
    select: { id: true },
  });
  return row;
}
