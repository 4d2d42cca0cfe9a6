import { describe, expect, it } from 'vitest';
import { computeEffectiveOwnership, findBeneficialOwners, formatPercent, type OwnershipGraph, type OwnershipNode } from './beneficial-owners';

const person = (id: string): OwnershipNode => ({ id, type: 'Individual', nameEn: id, nameAr: null });
const company = (id: string): OwnershipNode => ({ id, type: 'Organization', nameEn: id, nameAr: null });
const owns = (ownerId: string, ownedId: string, ownershipPercent: string | null) => ({ ownerId, ownedId, ownershipPercent });
const percentOf = (graph: OwnershipGraph, subject: string, holder: string) => {
  const found = computeEffectiveOwnership(graph, subject).holders.get(holder);
  return found ? Math.round(found.share * 1e8) / 1e6 : undefined;
};

describe('beneficial owners', () => {
  it('direct: a person holding 30% of the company is a beneficial owner at 25%, one holding 20% is not', () => {
    const graph = { nodes: [company('Co'), person('Ali'), person('Badr')], edges: [owns('Ali', 'Co', '30'), owns('Badr', 'Co', '20')] };
    const owners = findBeneficialOwners(graph, 'Co', 25);
    expect(owners.map((o) => [o.entityId, formatPercent(o.effectivePercent)])).toEqual([['Ali', '30']]);
    expect(owners[0]!.paths).toEqual([{ entityIds: ['Ali', 'Co'], effectivePercent: 30 }]);
    // The threshold is inclusive, and per tenant.
    expect(findBeneficialOwners(graph, 'Co', 20).map((o) => o.entityId)).toEqual(['Ali', 'Badr']);
  });

  it('indirect chain: 80% of a holding that owns 50% → 40%; a 60% holder of a 30% holding → 18% (below 25%)', () => {
    const graph = {
      nodes: [company('Co'), company('Hold'), company('Hold2'), person('Sara'), person('Omar')],
      edges: [owns('Hold', 'Co', '50'), owns('Sara', 'Hold', '80'), owns('Hold2', 'Co', '30'), owns('Omar', 'Hold2', '60')],
    };
    const owners = findBeneficialOwners(graph, 'Co', 25);
    expect(owners.map((o) => [o.entityId, formatPercent(o.effectivePercent)])).toEqual([['Sara', '40']]);
    expect(owners[0]!.paths[0]!.entityIds).toEqual(['Sara', 'Hold', 'Co']);
    expect(percentOf(graph, 'Co', 'Omar')).toBe(18);
    // Organizations get their effective share too (the holding's own 50%).
    expect(percentOf(graph, 'Co', 'Hold')).toBe(50);
  });

  it('several paths to the same person add up: 10% direct + 50%×40% through a holding = 30%', () => {
    const graph = {
      nodes: [company('Co'), company('Hold'), person('Nora')],
      edges: [owns('Nora', 'Co', '10'), owns('Hold', 'Co', '40'), owns('Nora', 'Hold', '50')],
    };
    const [nora] = findBeneficialOwners(graph, 'Co', 25);
    expect(nora!.entityId).toBe('Nora');
    expect(formatPercent(nora!.effectivePercent)).toBe('30');
    expect(nora!.paths.map((p) => [p.entityIds.join('>'), p.effectivePercent])).toEqual([
      ['Nora>Co', 10],
      ['Nora>Hold>Co', 20],
    ]);
  });

  it('a cycle (two companies holding each other) ends, counting each simple chain once', () => {
    // A owns 50% of Co; B owns 50% of Co; A and B hold 10% of each other; Fahad owns 60% of A.
    const graph = {
      nodes: [company('Co'), company('A'), company('B'), person('Fahad')],
      edges: [owns('A', 'Co', '50'), owns('B', 'Co', '50'), owns('A', 'B', '10'), owns('B', 'A', '10'), owns('Fahad', 'A', '60')],
    };
    const result = computeEffectiveOwnership(graph, 'Co');
    expect(result.truncated).toBe(false);
    // Fahad→A→Co = 30%, Fahad→A→B→Co = 0.6×0.1×0.5 = 3% → 33%.
    expect(percentOf(graph, 'Co', 'Fahad')).toBe(33);
    // A holds Co directly (50%) and through B (10% × 50% = 5%); the chain A→B→A→… is never followed.
    expect(percentOf(graph, 'Co', 'A')).toBe(55);
    expect(findBeneficialOwners(graph, 'Co', 25).map((o) => o.entityId)).toEqual(['Fahad']);
    // A self-loop is no stake at all.
    expect(computeEffectiveOwnership({ nodes: [company('X')], edges: [owns('X', 'X', '100')] }, 'X').holders.size).toBe(0);
  });

  it('a missing percentage is never guessed: the chain is listed unmeasured and the person marked incomplete', () => {
    const graph = {
      nodes: [company('Co'), company('Hold'), person('Lina'), person('Majed')],
      edges: [owns('Lina', 'Co', '30'), owns('Hold', 'Co', null), owns('Lina', 'Hold', '100'), owns('Majed', 'Hold', '50')],
    };
    const [lina] = findBeneficialOwners(graph, 'Co', 25);
    expect(lina!.entityId).toBe('Lina');
    expect(lina!.effectivePercent).toBeCloseTo(30);
    expect(lina!.incomplete).toBe(true);
    expect(lina!.paths).toContainEqual({ entityIds: ['Lina', 'Hold', 'Co'], effectivePercent: null });
    // Majed can only be reached through the unmeasured stake: 0 measured, not a beneficial owner.
    const majed = computeEffectiveOwnership(graph, 'Co').holders.get('Majed')!;
    expect(majed).toMatchObject({ share: 0, incomplete: true });
    expect(findBeneficialOwners(graph, 'Co', 25).map((o) => o.entityId)).toEqual(['Lina']);
  });

  it('a shareholding and a declared beneficial ownership of the same stake count once (the larger)', () => {
    const graph = {
      nodes: [company('Co'), person('Huda')],
      edges: [
        { ...owns('Huda', 'Co', '20'), type: 'IsShareholderOf' },
        { ...owns('Huda', 'Co', '26'), type: 'IsBeneficialOwnerOf' },
      ],
    };
    expect(findBeneficialOwners(graph, 'Co', 25).map((o) => formatPercent(o.effectivePercent))).toEqual(['26']);
  });

  it('stops at maxPaths on a pathological graph and says so', () => {
    // 12 layers of 2 holdings each, every holding owning both of the layer below: 2^12 chains.
    const nodes: OwnershipNode[] = [company('Co')];
    const edges = [];
    let below = ['Co'];
    for (let layer = 0; layer < 12; layer++) {
      const above = [`L${layer}a`, `L${layer}b`];
      nodes.push(...above.map(company));
      for (const owner of above) for (const owned of below) edges.push(owns(owner, owned, '50'));
      below = above;
    }
    const result = computeEffectiveOwnership({ nodes, edges }, 'Co', { maxPaths: 1000 });
    expect(result.truncated).toBe(true);
  });

  it('formats percents with at most 4 decimals', () => {
    expect(formatPercent(32)).toBe('32');
    expect(formatPercent(12.5)).toBe('12.5');
    expect(formatPercent(0.06 * 0.3 * 100)).toBe('1.8');
    expect(formatPercent(100 / 3)).toBe('33.3333');
  });
});
