import type { z } from 'zod';
import type { Tx } from '@/lib/db/tenant-tx';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { EventType, eventDataSchemas } from '@/lib/webhooks/events';

/**
 * The `data` of an event type a tenant can receive: its declared schema (lib/webhooks/events.ts,
 * also the OpenAPI `webhooks`), so an emitter cannot send a field the document does not list, or
 * leave out one it does. Other types (tests' own) carry anything.
 */
export type EventData<T extends string> = T extends EventType ? z.input<(typeof eventDataSchemas)[T]> : unknown;

export interface DomainEvent<T extends string = string> {
  tenantId: string;
  /** Event name from the spec, e.g. `EntityStatusUpdate`. */
  type: T;
  data: EventData<T>;
}

/**
 * Records an event in the outbox inside the caller's transaction. The row and the change that
 * caused it commit (or roll back) together; a database trigger enqueues its delivery job in the
 * same transaction, so a committed event is always delivered by the worker, even after a crash.
 */
export async function emitEvent<T extends string>(tx: Tx, event: DomainEvent<T>): Promise<{ id: string }> {
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
