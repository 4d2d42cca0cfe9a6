import { describe, expect, it } from 'vitest';
import { GET as listsRoute } from '@/app/services/crm/screening/lists/route';
import { getPool } from '@/lib/db/client';
import { withPlatform } from '@/lib/db/tenant-tx';
import { watchlistStatusList } from '@/lib/screening/schemas';
import { coverageGaps } from '@/lib/screening/list-status';
import { callRoute } from '@/scripts/testing/api';
import { expectContract } from '@/scripts/testing/contract';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createOfficer } from '@/scripts/testing/officers';
import { importList } from '@/scripts/testing/watchlist';

useTestDatabase();

const person = (externalId: string, name: string, dob = '1970-01-01') => ({ externalId, names: [{ value: name, kind: 'Primary' as const }], dob });

describe('GET /screening/lists: the lists a tenant is screened against and how current they are', () => {
  it('counts each list’s active and removed entries and lists its imports, newest first, each tenant its own Custom list', async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();
    const get = async (headers: Record<string, string>) => {
      const res = await callRoute(listsRoute, 'GET', '/services/crm/screening/lists', { headers });
      expect(res.status).toBe(200);
      expectContract(watchlistStatusList, res.body);
      return Object.fromEntries((res.body.data as { source: string }[]).map((l) => [l.source, l])) as Record<string, any>;
    };

    // Nothing imported yet: three lists, empty, never imported.
    const empty = await get(a.headers);
    expect(Object.keys(empty)).toEqual(['ListSourceA', 'ListSourceB', 'Custom']);
    for (const list of Object.values(empty)) expect(list).toMatchObject({ activeEntries: 0, deprecatedEntries: 0, lastImportAt: null, imports: [] });
    expect(empty.ListSourceA.shared).toBe(true);
    expect(empty.Custom.shared).toBe(false);

    // The shared list imported twice: the second run keeps one, changes one, adds one and removes one.
    await importList(getPool(), 'ListSourceA', [
      person('E1', 'Khalid Saad Al-Harbi'),
      person('E2', 'Omar Nasser Al-Anazi'),
      person('E3', 'Turki Ali Al-Malki'),
    ]);
    await importList(getPool(), 'ListSourceA', [
      person('E1', 'Khalid Saad Al-Harbi'),
      person('E2', 'Omar Nasser Al-Anazi', '1971-02-02'),
      person('E4', 'Majed Fahad Al-Subaie'),
    ]);
    await importList(getPool(), 'Custom', [person('A1', 'Local Person Alpha')], a.id);
    await importList(getPool(), 'Custom', [person('B1', 'Local Person Beta'), person('B2', 'Local Person Gamma')], b.id);

    const seenByA = await get(a.headers);
    expect(seenByA.ListSourceA).toMatchObject({ activeEntries: 3, deprecatedEntries: 1 });
    // What each import changed, and the list's size after it.
    expect(seenByA.ListSourceA.imports.map((i: any) => [i.added, i.updated, i.deprecated, i.unchanged, i.activeEntries, i.deprecatedEntries])).toEqual([
      [1, 1, 1, 1, 3, 1],
      [3, 0, 0, 0, 3, 0],
    ]);
    expect(seenByA.ListSourceA.lastImportAt).toBe(seenByA.ListSourceA.imports[0].createdAt);
    expect(seenByA.ListSourceA.imports[0]).toMatchObject({ format: 'json', fileName: 'test.json' });
    expect(seenByA.ListSourceB).toMatchObject({ activeEntries: 0, imports: [] });
    // Each tenant sees its own Custom list only.
    expect(seenByA.Custom).toMatchObject({ activeEntries: 1, shared: false });

    // The dashboard's coverage warning: the shared list never imported, and one older than a week;
    // an empty own (Custom) list is no gap.
    expect(coverageGaps(Object.values(empty), new Date())).toEqual({ never: ['ListSourceA', 'ListSourceB'], stale: [] });
    expect(coverageGaps(Object.values(seenByA), new Date())).toEqual({ never: ['ListSourceB'], stale: [] });
    const tenDaysOn = new Date(Date.now() + 10 * 86_400_000);
    expect(coverageGaps(Object.values(seenByA), tenDaysOn)).toEqual({ never: ['ListSourceB'], stale: [{ source: 'ListSourceA', days: 10 }] });
    expect(coverageGaps(Object.values(seenByA), new Date(Date.now() + 7 * 86_400_000)).stale).toEqual([]);
    expect(seenByA.Custom.imports).toHaveLength(1);
    const seenByB = await get(b.headers);
    expect(seenByB.Custom).toMatchObject({ activeEntries: 2 });
    expect(seenByB.ListSourceA.activeEntries).toBe(3);

    // An import recorded before the sizes were kept: the list is counted instead, with the same result.
    await withPlatform((tx) => tx.watchlistImport.updateMany({ data: { activeEntries: null, deprecatedEntries: null } }));
    const counted = await get(a.headers);
    expect(counted.ListSourceA).toMatchObject({ activeEntries: 3, deprecatedEntries: 1 });
    expect(counted.Custom).toMatchObject({ activeEntries: 1, deprecatedEntries: 0 });

    // Officers and administrators; a relationship manager is refused.
    expect((await get((await createOfficer(a)).headers)).ListSourceA.activeEntries).toBe(3);
    const rm = await createOfficer(a, 'rm');
    expect((await callRoute(listsRoute, 'GET', '/services/crm/screening/lists', { headers: rm.headers })).status).toBe(403);
  });
});
