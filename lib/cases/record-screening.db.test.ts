// Two screenings of one entity at once ("screen now" while delta monitoring screens the same
// import, or two imports), both finding a match the entity does not have yet: the match is
// recorded once, as New once, the monitored keys once, and neither screening fails.
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '@/lib/db/tenant-tx';
import { screenStoredEntities } from '@/lib/monitoring/screen-entities';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';
import { createTestEntity, individualInput } from '@/scripts/testing/record-factories';
import { importList } from '@/scripts/testing/watchlist';
import type { RecordedChange } from './record-screening';

const db = useTestDatabase();
const q = (sql: string, params: unknown[] = []) => db.current().pool.query(sql, params);

let t: TestTenant;

beforeAll(async () => {
  t = await createTestTenant();
});

/** Waits until a backend of the test database waits for a lock (the second screening's INSERT). */
async function someoneWaitsForALock(): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await q(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if (rows[0].n > 0) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/**
 * Runs two screenings of `entityId` that overlap: the first records and holds its transaction open
 * until the second waits for a lock, then commits. Answers both screenings' changes.
 */
async function overlappingScreenings(entityId: string): Promise<[RecordedChange[], RecordedChange[]]> {
  const screen = (tx: Parameters<typeof screenStoredEntities>[0]) =>
    screenStoredEntities(tx, { tenantId: t.id, entityIds: [entityId], reason: 'ScreenedOnDemand' });
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let recorded!: (changes: RecordedChange[]) => void;
  const firstRecorded = new Promise<RecordedChange[]>((r) => (recorded = r));
  const first = withTenant(t.id, async (tx) => {
    recorded(await screen(tx));
    await held;
  });
  const firstChanges = await firstRecorded;
  const second = withTenant(t.id, (tx) => screen(tx));
  second.catch(() => {});
  expect(await someoneWaitsForALock()).toBe(true);
  release();
  await first;
  return [firstChanges, await second];
}

/** The entity's monitored keys that are there more than once. */
async function repeatedKeys(entityId: string) {
  const { rows } = await q(`SELECT key, count(*)::int AS n FROM "MonitoredNameKey" WHERE "entityId" = $1 GROUP BY key`, [entityId]);
  expect(rows.length).toBeGreaterThan(0);
  return rows.filter((k) => k.n > 1);
}

describe('recordScreening under concurrency', () => {
  it('records a match two overlapping screenings both find once, as New once, and neither fails', async () => {
    // Monitored, and listed only after it was created (its screening at creation found nothing).
    const entity = await createTestEntity(t.id, 'Client', {
      ...individualInput({ nameEn: 'Yousef Ibrahim Al-Mutairi', nameAr: 'يوسف إبراهيم المطيري', dobGregorian: '1979-01-02' }),
      ongoingMonitoring: true,
    });
    await importList(
      db.current().pool,
      'Custom',
      [{ externalId: 'C-1', names: [{ value: 'Yousef Ibrahim Al-Mutairi', kind: 'Primary' }], dob: '1979-01-02' }],
      t.id,
    );

    const [firstChanges, secondChanges] = await overlappingScreenings(entity.id);

    expect(firstChanges.map((c) => c.change)).toEqual(['New']);
    expect(secondChanges).toEqual([]);
    const { rows } = await q(`SELECT count(*)::int AS n FROM "Match" WHERE "entityId" = $1`, [entity.id]);
    expect(rows[0].n).toBe(1);
    const { rows: trail } = await q(`SELECT action FROM "MatchReview" r JOIN "Match" m ON m.id = r."matchId" WHERE m."entityId" = $1`, [entity.id]);
    expect(trail.map((r) => r.action)).toEqual(['Created']);
    const { rows: events } = await q(
      `SELECT payload->'changes' AS changes FROM "OutboxEvent" WHERE type = 'MonitoredEntityUpdate' AND payload->>'entityId' = $1`,
      [entity.id],
    );
    expect(events.map((e) => e.changes)).toEqual([['MatchNew']]);
    const { rows: summary } = await q(`SELECT "matchCount", "caseCount" FROM "Entity" WHERE id = $1`, [entity.id]);
    expect(summary[0]).toEqual({ matchCount: 1, caseCount: 1 });
    expect(await repeatedKeys(entity.id)).toEqual([]);
  });

  it('keeps one set of monitored keys when two overlapping screenings find nothing', async () => {
    const entity = await createTestEntity(t.id, 'Client', {
      ...individualInput({ nameEn: 'Rakan Fawaz Al-Subaie', nameAr: 'راكان فواز السبيعي', dobGregorian: '1988-04-09' }),
      ongoingMonitoring: true,
    });

    const [firstChanges, secondChanges] = await overlappingScreenings(entity.id);

    expect([...firstChanges, ...secondChanges]).toEqual([]);
    expect(await repeatedKeys(entity.id)).toEqual([]);
  });
});
