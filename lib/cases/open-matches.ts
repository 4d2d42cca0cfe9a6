import type { Tx } from '@/lib/db/tenant-tx';

/** Open screening matches of an entity: `local` on the tenant's Custom list, `public` on ListSourceA/B, and their open cases. */
export async function countOpenMatches({
  tx,
  tenantId,
  entityId,
}: {
  tx: Tx;
  tenantId: string;
  entityId: string;
}): Promise<{ local: number; public: number; caseIds: string[] }> {
  // Placeholder until stored screening matches and cases land: they replace this body.
  void tx;
  void tenantId;
  void entityId;
  return { local: 0, public: 0, caseIds: [] };
}
