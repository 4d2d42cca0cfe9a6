import type { Tx } from './client';

/**
 * Runs `work` with the stored entity documents' refreshes deferred to its end: each document the
 * triggers would have rebuilt (once per statement) is rebuilt once, after everything `work` wrote
 * (prisma/sql/functions/crm_defer_entity_documents.sql). For a write that touches one entity's
 * document several times in a transaction, e.g. a KYC submission (a new score, then a status
 * change). The flush runs before the caller's transaction can commit; when `work` throws, the
 * transaction rolls back and there is nothing to refresh.
 */
export async function withDeferredEntityDocuments<T>(tx: Tx, work: () => Promise<T>, options: { begun?: boolean } = {}): Promise<T> {
  // `begun`: the caller's last statement already called crm_defer_entity_documents() (one round
  // trip fewer on a hot path); what it wrote before does not touch entity documents.
  if (!options.begun) await tx.$executeRaw`SELECT crm_defer_entity_documents()`;
  const result = await work();
  await tx.$executeRaw`SELECT crm_flush_entity_documents()`;
  return result;
}
