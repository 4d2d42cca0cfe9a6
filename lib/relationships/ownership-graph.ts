import { AppError } from '@/lib/core/errors';
import { queryAsTenant } from '@/lib/db/sql';
import { findBeneficialOwners, formatPercent, type OwnershipGraph } from './beneficial-owners';
import type { BeneficialOwnerOut } from './relationship-schema';

export interface StoredOwnershipGraph extends OwnershipGraph {
  /** The tenant's UBO threshold, percent (Tenant.uboThreshold). */
  threshold: string;
}

/** The beneficial owners as the profile's `beneficialOwners` shows them (percent strings). */
export function beneficialOwnersOf(graph: StoredOwnershipGraph, subjectId: string): BeneficialOwnerOut[] {
  return findBeneficialOwners(graph, subjectId, Number(graph.threshold)).map((owner) => ({
    entityId: owner.entityId,
    nameEn: owner.nameEn,
    nameAr: owner.nameAr,
    effectivePercent: formatPercent(owner.effectivePercent),
    paths: owner.paths.map((path) => ({
      entityIds: path.entityIds,
      effectivePercent: path.effectivePercent === null ? null : formatPercent(path.effectivePercent),
    })),
  }));
}

/**
 * The ownership graph above an entity (crm_ownership_graph: Approved, currently valid shareholder
 * and beneficial-owner relationships) with its beneficial owners: the profile's ownership diagram.
 * Another tenant's id → NOT_FOUND.
 */
export async function getOwnershipGraph({ tenantId, entityId }: { tenantId: string; entityId: string }) {
  const rows = await queryAsTenant<{ graph: StoredOwnershipGraph | null }>(tenantId, {
    text: 'SELECT crm_ownership_graph($1, $2) AS graph',
    values: [entityId],
  });
  const graph = rows[0]?.graph;
  if (!graph) throw AppError.notFound();
  return { ...graph, beneficialOwners: beneficialOwnersOf(graph, entityId) };
}
