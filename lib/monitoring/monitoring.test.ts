// Screening wired to entities: screening at creation, delta monitoring from a watchlist import's
// change set (reverse lookup), FalsePositive decisions that reopen when their entry changes, removed
// entries that deprecate their matches, MonitoredEntityUpdate per new or changed match.
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as createClientRoute } from '@/app/services/crm/entities/client/route';
import { POST as createScreeningRoute } from '@/app/services/crm/entities/screening/route';
import { POST as screenNowRoute } from '@/app/services/crm/entities/[entityId]/screen/route';
import { GET as getEntityRoute } from '@/app/services/crm/entities/[entityId]/route';
import { GET as getCaseRoute } from '@/app/services/crm/cases/[caseId]/route';
import { POST as proposeRoute } from '@/app/services/crm/cases/[caseId]/matches/[matchId]/proposal/route';
import { POST as approveRoute } from '@/app/services/crm/cases/[caseId]/matches/[matchId]/approval/route';
import { withTenant } from '@/lib/db/tenant-tx';
import { countOpenMatches } from '@/lib/cases/open-matches';
import { entitySchema } from '@/lib/entities/schemas';
import { SCREENING_TRIGGERS } from '@/lib/cases/schemas';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { callRoute } from '@/scripts/testing/api';
import { expectContract } from '@/scripts/testing/contract';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';
import { createOfficer, type TestOfficer } from '@/scripts/testing/officers';
import { importList, type ListEntry } from '@/scripts/testing/watchlist';
import { screenWatchlistImport } from './screen-import';

const db = useTestDatabase();
const q = (sql: string, params: unknown[] = []) => db.current().pool.query(sql, params);

let a: TestTenant;
let b: TestTenant;
let maker: TestOfficer;
let checker: TestOfficer;
const ids: Record<string, string> = {};

const LISTED: ListEntry = {
  externalId: 'SDN-1001',
  names: [{ value: 'Abdulrahman Saleh Al-Zahrani', kind: 'Primary' }],
  dob: '1970-03-14',
  nationalityCode: 'SA',
};
const OTHER: ListEntry = { externalId: 'SDN-2002', names: [{ value: 'Viktor Petrov Ivanov', kind: 'Primary' }], dob: '1961-07-01', nationalityCode: 'RU' };
const alias = (entry: ListEntry, value: string): ListEntry => ({ ...entry, names: [...entry.names, { value, kind: 'Alias' }] });

async function createClient(tenant: TestTenant, body: Record<string, unknown>) {
  const res = await callRoute(createClientRoute, 'POST', '/services/crm/entities/client', { headers: tenant.headers, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; matchCount: number; caseCount: number; screeningStatus: string; reviewStatus: Record<string, boolean> };
}

async function entity(tenant: TestTenant, id: string) {
  const res = await callRoute(getEntityRoute, 'GET', `/services/crm/entities/${id}`, { headers: tenant.headers, params: { entityId: id } });
  expect(res.status).toBe(200);
  return res.body;
}

async function events(tenantId: string, entityId: string) {
  const { rows } = await q(
    `SELECT payload FROM "OutboxEvent" WHERE "tenantId" = $1 AND type = 'MonitoredEntityUpdate' AND payload->>'entityId' = $2 ORDER BY "createdAt"`,
    [tenantId, entityId],
  );
  return rows.map((r) => r.payload);
}

const matchesOf = async (entityId: string) =>
  (await q(`SELECT id, "caseId", status, "deprecatedAt", source, "watchlistEntryId" FROM "Match" WHERE "entityId" = $1 ORDER BY "createdAt"`, [entityId])).rows;

beforeAll(async () => {
  a = await createTestTenant();
  b = await createTestTenant();
  maker = await createOfficer(a);
  checker = await createOfficer(a);
  await importList(db.current().pool, 'ListSourceA', [LISTED, OTHER]);
  ids.khalid = (
    await createClient(a, {
      nameEn: 'Khalid Omar Al-Ghamdi',
      nameAr: 'خالد عمر الغامدي',
      dobGregorian: '1982-09-30',
      nationalityCode: 'SA',
      ongoingMonitoring: true,
      identities: [{ number: '1034567891' }],
    })
  ).id;
  ids.ahmed = (await createClient(a, { nameEn: 'Ahmed Ali Al-Harbi', ongoingMonitoring: true })).id;
  ids.khalidUnmonitored = (await createClient(a, { nameEn: 'Khalid Omar Al-Ghamdi', dobGregorian: '1982-09-30' })).id;
  ids.khalidB = (await createClient(b, { nameEn: 'Khalid Omar Al-Ghamdi', dobGregorian: '1982-09-30', ongoingMonitoring: true })).id;
});

describe('screening at creation', () => {
  it('screens a monitored client in the create transaction: the answer carries the real counts', async () => {
    const created = await createClient(a, {
      nameEn: 'Abdulrahman Saleh Al-Zahrani',
      dobGregorian: '1970-03-14',
      nationalityCode: 'SA',
      ongoingMonitoring: true,
    });
    expect(created).toMatchObject({ matchCount: 1, caseCount: 1, screeningStatus: 'PendingReview' });
    expect(created.reviewStatus).toEqual({ hasPublicCase: true, hasLocalCase: false, hasNewsMedia: false, isUnderReview: true });
    const [match] = await matchesOf(created.id);
    expect(match).toMatchObject({ status: 'Unreviewed', source: 'ListSourceA', deprecatedAt: null });
    const keys = await q(`SELECT count(*)::int AS n FROM "MonitoredNameKey" WHERE "entityId" = $1`, [created.id]);
    expect(keys.rows[0].n).toBeGreaterThan(0);
    expect(await events(a.id, created.id)).toHaveLength(1);
    const open = await withTenant(a.id, (tx) => countOpenMatches({ tx, tenantId: a.id, entityId: created.id }));
    expect(open).toEqual({ local: 0, public: 1, undecided: 1, caseIds: [match.caseId] });
    ids.listed = created.id;
  });

  it('leaves an unmonitored client NotScreened and screens a screening entity once, without monitoring keys or events', async () => {
    const plain = await createClient(a, { nameEn: 'Abdulrahman Saleh Al-Zahrani', dobGregorian: '1970-03-14' });
    expect(plain).toMatchObject({ matchCount: 0, caseCount: 0, screeningStatus: 'NotScreened' });
    const res = await callRoute(createScreeningRoute, 'POST', '/services/crm/entities/screening', {
      headers: a.headers,
      body: { nameEn: 'Abdulrahman Saleh Al-Zahrani', dobGregorian: '1970-03-14' },
    });
    expect(res.status).toBe(201);
    const screened = expectContract(entitySchema, res.body.data);
    expect(screened).toMatchObject({ matchCount: 1, caseCount: 1, screeningStatus: 'PendingReview' });
    const keys = await q(`SELECT count(*)::int AS n FROM "MonitoredNameKey" WHERE "entityId" = $1`, [screened.id]);
    expect(keys.rows[0].n).toBe(0);
    expect(await events(a.id, screened.id)).toHaveLength(0);
  });

  it('"screen now" screens any entity on demand and is idempotent when nothing changed', async () => {
    const plain = await createClient(a, { nameEn: 'Viktor Petrov Ivanov' });
    const first = await callRoute(screenNowRoute, 'POST', `/services/crm/entities/${plain.id}/screen`, { headers: a.headers, params: { entityId: plain.id } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ entityId: plain.id, screeningStatus: 'PendingReview', matchCount: 1, newMatches: 1, changedMatches: 0 });
    // The trail's system step says why with a code each reader translates, never English prose.
    const trail = await q(`SELECT r.action, r.comment, r."userId" FROM "MatchReview" r JOIN "Match" m ON m.id = r."matchId" WHERE m."entityId" = $1`, [
      plain.id,
    ]);
    expect(trail.rows).toEqual([{ action: 'Created', comment: 'ScreenedOnDemand', userId: null }]);
    const again = await callRoute(screenNowRoute, 'POST', `/services/crm/entities/${plain.id}/screen`, { headers: a.headers, params: { entityId: plain.id } });
    expect(again.body.data).toMatchObject({ matchCount: 1, newMatches: 0, changedMatches: 0 });
    for (const messages of [en, ar]) for (const code of SCREENING_TRIGGERS) expect(messages.cases.trailComments[code]).toBeTruthy();
    expect(ar.cases.trailComments.ScreenedOnDemand).not.toBe(en.cases.trailComments.ScreenedOnDemand);
    const other = await callRoute(screenNowRoute, 'POST', `/services/crm/entities/${plain.id}/screen`, { headers: b.headers, params: { entityId: plain.id } });
    expect(other.status).toBe(404);
  });
});

describe('delta monitoring', () => {
  it('the import trigger enqueues the screening of its change set', async () => {
    const result = await importList(db.current().pool, 'ListSourceA', [
      LISTED,
      OTHER,
      { externalId: 'SDN-3003', names: [{ value: 'Maria Lopez Garcia', kind: 'Primary' }] },
    ]);
    const queued = (importId: string) =>
      q(
        `SELECT j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
          WHERE t.identifier = 'monitoring.import' AND j.payload->>'importId' = $1`,
        [importId],
      );
    const jobs = await queued(result.importId);
    expect(jobs.rows).toHaveLength(1);
    await screenWatchlistImport({ importId: result.importId });
    const unchanged = await importList(db.current().pool, 'ListSourceA', [
      LISTED,
      OTHER,
      { externalId: 'SDN-3003', names: [{ value: 'Maria Lopez Garcia', kind: 'Primary' }] },
    ]);
    expect((await queued(unchanged.importId)).rows).toHaveLength(0);
  });

  it("an import that adds a listed person's alias creates exactly one match, for the right monitored client, and one event", async () => {
    const count = async (tenantId: string) => (await q(`SELECT count(*)::int AS n FROM "Match" WHERE "tenantId" = $1`, [tenantId])).rows[0].n;
    const before = await count(a.id);
    const result = await importList(db.current().pool, 'ListSourceA', [alias(LISTED, 'Khalid Omar Al-Ghamdi'), OTHER]);
    expect(result).toMatchObject({ added: 0, updated: 1 });
    const summary = await screenWatchlistImport({ importId: result.importId });
    expect(summary.changes.New).toBe(2); // one in each tenant that monitors this person
    expect(await count(a.id)).toBe(before + 1);
    const [match] = await matchesOf(ids.khalid);
    expect(match).toMatchObject({ status: 'Unreviewed', source: 'ListSourceA' });
    expect(await matchesOf(ids.ahmed)).toHaveLength(0);
    expect(await matchesOf(ids.khalidUnmonitored)).toHaveLength(0); // not monitored
    expect(await matchesOf(ids.khalidB)).toHaveLength(1); // another tenant's monitored client: its own match
    const sent = await events(a.id, ids.khalid);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      entityId: ids.khalid,
      changes: ['MatchNew'],
      matchId: match.id,
      caseId: match.caseId,
      watchlistSource: 'ListSourceA',
      screeningStatus: 'PendingReview',
    });
    const doc = await entity(a, ids.khalid);
    expect(doc).toMatchObject({ matchCount: 1, caseCount: 1, screeningStatus: 'PendingReview' });
    expect(doc.reviewStatus).toEqual({ hasPublicCase: true, hasLocalCase: false, hasNewsMedia: false, isUnderReview: true });
    ids.khalidMatch = match.id;
    ids.khalidCase = match.caseId;
    // A retried job changes nothing and emits nothing again.
    const again = await screenWatchlistImport({ importId: result.importId });
    expect(Object.values(again.changes).every((n) => n === 0)).toBe(true);
    expect(await events(a.id, ids.khalid)).toHaveLength(1);
  });

  it('a FalsePositive reopens as Unreviewed, and its case reopens, when the list entry changes', async () => {
    const params = { caseId: ids.khalidCase, matchId: ids.khalidMatch };
    const path = `/services/crm/cases/${ids.khalidCase}/matches/${ids.khalidMatch}`;
    const proposed = await callRoute(proposeRoute, 'POST', `${path}/proposal`, {
      headers: maker.headers,
      params,
      body: { decision: 'FalsePositive', comment: 'Different date of birth and national ID' },
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const approved = await callRoute(approveRoute, 'POST', `${path}/approval`, { headers: checker.headers, params, body: { comment: 'Agreed' } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.status).toBe('FalsePositive');
    let kase = (await callRoute(getCaseRoute, 'GET', `/services/crm/cases/${ids.khalidCase}`, { headers: a.headers, params: { caseId: ids.khalidCase } })).body;
    expect(kase).toMatchObject({ status: 'Closed', disposition: 'FalsePositive' });
    expect(await entity(a, ids.khalid)).toMatchObject({ screeningStatus: 'Clear', matchCount: 1 });
    expect((await entity(a, ids.khalid)).reviewStatus).toMatchObject({ hasPublicCase: false, isUnderReview: false });

    // The same entry, unchanged, in the next import: the decision holds.
    const same = await importList(db.current().pool, 'ListSourceA', [alias(LISTED, 'Khalid Omar Al-Ghamdi'), { ...OTHER, remarks: 'updated' }]);
    await screenWatchlistImport({ importId: same.importId });
    expect((await matchesOf(ids.khalid))[0].status).toBe('FalsePositive');

    // The entry changes (a new date of birth): the FalsePositive does not cover the new version.
    const changed = await importList(db.current().pool, 'ListSourceA', [
      { ...alias(LISTED, 'Khalid Omar Al-Ghamdi'), dob: '1982-09-30' },
      { ...OTHER, remarks: 'updated' },
    ]);
    const summary = await screenWatchlistImport({ importId: changed.importId });
    expect(summary.changes.Reopened).toBe(1);
    expect((await matchesOf(ids.khalid))[0].status).toBe('Unreviewed');
    kase = (await callRoute(getCaseRoute, 'GET', `/services/crm/cases/${ids.khalidCase}`, { headers: a.headers, params: { caseId: ids.khalidCase } })).body;
    expect(kase).toMatchObject({ status: 'Pending', disposition: null });
    expect(kase.matches[0].reviews.map((r: { action: string }) => r.action)).toEqual(['Created', 'Proposed', 'Approved', 'Reopened']);
    expect(kase.matches[0].reviews.at(-1)).toMatchObject({ action: 'Reopened', comment: 'WatchlistUpdate', user: null });
    expect(await entity(a, ids.khalid)).toMatchObject({ screeningStatus: 'PendingReview' });
    expect((await events(a.id, ids.khalid)).map((e) => e.changes[0])).toEqual(['MatchNew', 'MatchDecided', 'MatchReopened']);
  });

  it('removing the entry deprecates its matches in every tenant, and the case closes', async () => {
    const result = await importList(db.current().pool, 'ListSourceA', [{ ...OTHER, remarks: 'updated' }]);
    expect(result.deprecated).toBe(1);
    await screenWatchlistImport({ importId: result.importId });
    const [match] = await matchesOf(ids.khalid);
    expect(match.deprecatedAt).not.toBeNull();
    expect((await matchesOf(ids.khalidB))[0].deprecatedAt).not.toBeNull();
    expect((await matchesOf(ids.listed))[0].deprecatedAt).not.toBeNull();
    const doc = await entity(a, ids.khalid);
    expect(doc).toMatchObject({ matchCount: 0, caseCount: 1, screeningStatus: 'Clear' });
    expect(doc.reviewStatus).toMatchObject({ hasPublicCase: false, isUnderReview: false });
    expect((await events(a.id, ids.khalid)).at(-1)).toMatchObject({ changes: ['MatchDeprecated'], matchId: match.id });
    const open = await withTenant(a.id, (tx) => countOpenMatches({ tx, tenantId: a.id, entityId: ids.khalid }));
    expect(open).toEqual({ local: 0, public: 0, undecided: 0, caseIds: [] });
  });

  it("a tenant's Custom list reaches only that tenant's monitored clients, as a local case", async () => {
    const result = await importList(db.current().pool, 'Custom', [{ externalId: 'LOCAL-1', names: [{ value: 'Ahmed Ali Al-Harbi', kind: 'Primary' }] }], a.id);
    await screenWatchlistImport({ importId: result.importId });
    const [match] = await matchesOf(ids.ahmed);
    expect(match).toMatchObject({ source: 'Custom', status: 'Unreviewed' });
    expect((await entity(a, ids.ahmed)).reviewStatus).toMatchObject({ hasLocalCase: true, hasPublicCase: false });
    const ahmedB = await createClient(b, { nameEn: 'Ahmed Ali Al-Harbi', ongoingMonitoring: true });
    expect(ahmedB.matchCount).toBe(0);
    const open = await withTenant(a.id, (tx) => countOpenMatches({ tx, tenantId: a.id, entityId: ids.ahmed }));
    expect(open).toMatchObject({ local: 1, public: 0 });
  });

  it('an identity number added to an entry finds the monitored client holding it (criteria Identity)', async () => {
    const entry: ListEntry = {
      externalId: 'SDN-4004',
      names: [{ value: 'Unrelated Person Name', kind: 'Primary' }],
      identities: [{ type: 'NationalIdentity', number: '1034567891', issuingCountryCode: 'SA' }],
    };
    const result = await importList(db.current().pool, 'ListSourceB', [entry]);
    await screenWatchlistImport({ importId: result.importId });
    const found = (await q(`SELECT criteria, source FROM "Match" WHERE "entityId" = $1 AND source = 'ListSourceB'`, [ids.khalid])).rows;
    expect(found).toEqual([{ criteria: 'Identity', source: 'ListSourceB' }]);
  });
});
