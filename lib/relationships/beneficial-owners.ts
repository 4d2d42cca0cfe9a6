// Beneficial ownership from an ownership graph: pure functions, no database (the graph comes
// from crm_ownership_graph, prisma/sql/functions). An edge says "owner holds ownershipPercent of
// owned". Rules, as a compliance team reads a shareholder register:
// - effective share along one chain = the product of its shares; a person's effective share in
//   the organization = the sum over every chain from the person to it;
// - chains are simple paths: an entity appears at most once in a chain, so circular holdings
//   (A owns B, B owns A) count each way through the cycle once and the walk always ends;
// - several relationships between the same owner and owned entity (a shareholding and a declared
//   beneficial ownership of the same stake) are one stake: the largest known percentage counts;
// - a chain through a relationship without a percentage cannot be measured: it is listed with
//   `effectivePercent: null` and the person is marked `incomplete`, never guessed;
// - beneficial owners are the natural persons (type Individual) at or above the threshold.

export interface OwnershipNode {
  id: string;
  type: 'Individual' | 'Organization';
  nameEn: string | null;
  nameAr: string | null;
}

export interface OwnershipEdge {
  ownedId: string;
  ownerId: string;
  /** Decimal string 0–100, or null when the relationship does not say. */
  ownershipPercent: string | null;
  relationshipId?: string;
  type?: string;
}

export interface OwnershipGraph {
  nodes: OwnershipNode[];
  edges: OwnershipEdge[];
}

export interface OwnershipPath {
  /** From the owner down to the organization. */
  entityIds: string[];
  /** Share as a fraction 0–1, or null when a relationship on the chain has no percentage. */
  share: number | null;
}

export interface EffectiveOwnership {
  entityId: string;
  /** Sum of the measurable chains, as a fraction 0–1. */
  share: number;
  paths: OwnershipPath[];
  /** Some chain could not be measured (a missing percentage). */
  incomplete: boolean;
}

export interface OwnershipResult {
  /** Every entity above the subject, by id. */
  holders: Map<string, EffectiveOwnership>;
  /** True when the walk stopped at `maxPaths` chains (a pathological graph): the figures are lower bounds. */
  truncated: boolean;
}

const EPSILON = 1e-9;

/** Collapses parallel relationships between the same owner and owned entity into one stake (the largest known share). */
function stakesByOwned(edges: OwnershipEdge[]): Map<string, Map<string, number | null>> {
  const byOwned = new Map<string, Map<string, number | null>>();
  for (const edge of edges) {
    if (edge.ownerId === edge.ownedId) continue;
    const parsed = edge.ownershipPercent === null ? null : Number(edge.ownershipPercent);
    const share = parsed === null || !Number.isFinite(parsed) ? null : Math.min(Math.max(parsed, 0), 100) / 100;
    const owners = byOwned.get(edge.ownedId) ?? new Map<string, number | null>();
    const previous = owners.get(edge.ownerId);
    owners.set(edge.ownerId, previous === undefined ? share : previous === null ? share : share === null ? previous : Math.max(previous, share));
    byOwned.set(edge.ownedId, owners);
  }
  return byOwned;
}

/** Effective ownership of every entity above `subjectId`, through every simple chain. */
export function computeEffectiveOwnership(graph: OwnershipGraph, subjectId: string, { maxPaths = 10_000 } = {}): OwnershipResult {
  const byOwned = stakesByOwned(graph.edges);
  const holders = new Map<string, EffectiveOwnership>();
  let pathCount = 0;
  let truncated = false;
  // Depth-first over simple paths; `chain` runs from the subject up to the current holder.
  const chain: string[] = [subjectId];
  const onChain = new Set<string>([subjectId]);
  const walk = (current: string, share: number | null) => {
    for (const [ownerId, stake] of byOwned.get(current) ?? []) {
      if (onChain.has(ownerId)) continue;
      if (pathCount >= maxPaths) {
        truncated = true;
        return;
      }
      pathCount += 1;
      const next = share === null || stake === null ? null : share * stake;
      const holder = holders.get(ownerId) ?? { entityId: ownerId, share: 0, paths: [], incomplete: false };
      holder.paths.push({ entityIds: [ownerId, ...[...chain].reverse()], share: next });
      if (next === null) holder.incomplete = true;
      else holder.share += next;
      holders.set(ownerId, holder);
      chain.push(ownerId);
      onChain.add(ownerId);
      walk(ownerId, next);
      chain.pop();
      onChain.delete(ownerId);
    }
  };
  walk(subjectId, 1);
  return { holders, truncated };
}

export interface BeneficialOwner {
  entityId: string;
  nameEn: string | null;
  nameAr: string | null;
  /** Percent, 0–100. */
  effectivePercent: number;
  paths: { entityIds: string[]; effectivePercent: number | null }[];
  incomplete: boolean;
}

/** Natural persons holding at least `thresholdPercent` of the subject, largest first. */
export function findBeneficialOwners(graph: OwnershipGraph, subjectId: string, thresholdPercent: number): BeneficialOwner[] {
  const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
  const { holders } = computeEffectiveOwnership(graph, subjectId);
  return [...holders.values()]
    .filter((holder) => nodes.get(holder.entityId)?.type === 'Individual' && holder.share * 100 >= thresholdPercent - EPSILON)
    .map((holder) => ({
      entityId: holder.entityId,
      nameEn: nodes.get(holder.entityId)?.nameEn ?? null,
      nameAr: nodes.get(holder.entityId)?.nameAr ?? null,
      effectivePercent: holder.share * 100,
      paths: holder.paths.map((path) => ({ entityIds: path.entityIds, effectivePercent: path.share === null ? null : path.share * 100 })),
      incomplete: holder.incomplete,
    }))
    .sort((a, b) => b.effectivePercent - a.effectivePercent || a.entityId.localeCompare(b.entityId));
}

/** A percent as the API writes it: at most 4 decimals, no trailing zeros (`32`, `12.5`, `0.0625`). */
export function formatPercent(percent: number): string {
  const rounded = Math.round(percent * 10_000) / 10_000;
  return (Object.is(rounded, -0) ? 0 : rounded).toFixed(4).replace(/\.?0+$/, '');
}
