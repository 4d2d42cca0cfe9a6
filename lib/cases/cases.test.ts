// Cases and the four-eyes review: proposals with comments, approval by a different officer, rejection,
// blocking a confirmed client, assignment, the case queue's filters, contracts, and access as an
// attacker (another tenant, a lower role, no credentials).
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as createClientRoute } from '@/app/services/crm/entities/client/route';
import { GET as getEntityRoute } from '@/app/services/crm/entities/[entityId]/route';
import { GET as matchesRoute } from '@/app/services/crm/entities/[entityId]/matches/route';
import { GET as listCasesRoute } from '@/app/services/crm/cases/route';
import { GET as getCaseRoute } from '@/app/services/crm/cases/[caseId]/route';
import { PUT as assignRoute } from '@/app/services/crm/cases/[caseId]/assignee/route';
import { POST as proposeRoute } from '@/app/services/crm/cases/[caseId]/matches/[matchId]/proposal/route';
import { POST as approveRoute } from '@/app/services/crm/cases/[caseId]/matches/[matchId]/approval/route';
import { POST as rejectRoute } from '@/app/services/crm/cases/[caseId]/matches/[matchId]/rejection/route';
import { callRoute } from '@/scripts/testing/api';
import { expectContract } from '@/scripts/testing/contract';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';
import { createOfficer, type TestOfficer } from '@/scripts/testing/officers';
import { importList } from '@/scripts/testing/watchlist';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { caseList, caseSchema, matchEnvelope, matchList } from './schemas';

const db = useTestDatabase();
const q = (sql: string, params: unknown[] = []) => db.current().pool.query(sql, params);

let a: TestTenant;
let b: TestTenant;
let maker: TestOfficer;
let checker: TestOfficer;
let rm: TestOfficer;
let outsider: TestOfficer;

interface Hit {
  entityId: string;
  caseId: string;
  matchId: string;
}

let seq = 0;
/** A monitored client that matches listed person `externalId` (created through the API). */
async function hit(tenant: TestTenant, name: string, extra: Record<string, unknown> = {}): Promise<Hit> {
  const res = await callRoute(createClientRoute, 'POST', '/services/crm/entities/client', {
    headers: tenant.headers,
    body: { nameEn: name, email: `c${++seq}@example.sa`, ongoingMonitoring: true, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const { rows } = await q(`SELECT id, "caseId" FROM "Match" WHERE "entityId" = $1`, [res.body.data.id]);
  expect(rows).toHaveLength(1);
  return { entityId: res.body.data.id, caseId: rows[0].caseId, matchId: rows[0].id };
}

const path = (h: Hit, action: string) => `/services/crm/cases/${h.caseId}/matches/${h.matchId}/${action}`;
const params = (h: Hit) => ({ caseId: h.caseId, matchId: h.matchId });
const propose = (h: Hit, who: TestOfficer | TestTenant, body: unknown) =>
  callRoute(proposeRoute, 'POST', path(h, 'proposal'), { headers: who.headers, params: params(h), body });
const approve = (h: Hit, who: TestOfficer, body: unknown = {}) =>
  callRoute(approveRoute, 'POST', path(h, 'approval'), { headers: who.headers, params: params(h), body });
const reject = (h: Hit, who: TestOfficer, body: unknown) =>
  callRoute(rejectRoute, 'POST', path(h, 'rejection'), { headers: who.headers, params: params(h), body });
const getCase = (h: { caseId: string }, t: TestTenant = a) =>
  callRoute(getCaseRoute, 'GET', `/services/crm/cases/${h.caseId}`, { headers: t.headers, params: { caseId: h.caseId } });

beforeAll(async () => {
  a = await createTestTenant();
  b = await createTestTenant();
  [maker, checker, rm, outsider] = await Promise.all([createOfficer(a), createOfficer(a), createOfficer(a, 'rm'), createOfficer(b)]);
  await importList(db.current().pool, 'ListSourceA', [
    {
      externalId: 'A-1',
      names: [
        { value: 'Yousef Ibrahim Al-Mutairi', kind: 'Primary' },
        { value: 'يوسف إبراهيم المطيري', kind: 'Alias' },
      ],
      dob: '1979-01-02',
    },
    { externalId: 'A-2', names: [{ value: 'Tariq Hassan Al-Shehri', kind: 'Primary' }] },
    { externalId: 'A-3', names: [{ value: 'Majed Fahad Al-Dosari', kind: 'Primary' }] },
    { externalId: 'A-4', names: [{ value: 'Sultan Adel Al-Anazi', kind: 'Primary' }] },
  ]);
});

describe('four-eyes review', () => {
  it('maker proposes with a comment, the same officer cannot approve, a second officer approves: FalsePositive closes the case', async () => {
    const h = await hit(a, 'Yousef Ibrahim Al-Mutairi', { nameAr: 'يوسف إبراهيم المطيري', dobGregorian: '1980-06-01' });
    expect((await propose(h, maker, { decision: 'FalsePositive' })).body.validationErrors).toEqual([
      'comment: Invalid input: expected string, received undefined',
    ]);
    expect((await propose(h, maker, { decision: 'FalsePositive', comment: '   ' })).status).toBe(400);
    expect((await propose(h, maker, { decision: 'Maybe', comment: 'x' })).status).toBe(400);
    const proposed = await propose(h, maker, { decision: 'FalsePositive', comment: 'Different date of birth' });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const p = expectContract(matchEnvelope, proposed.body);
    expect(p.data).toMatchObject({
      status: 'PendingApproval',
      proposedStatus: 'FalsePositive',
      comment: 'Different date of birth',
      proposedBy: { id: maker.id },
    });
    expect((await getCase(h)).body).toMatchObject({ status: 'PendingApproval', makerUserId: maker.id });
    expect((await propose(h, checker, { decision: 'TruePositive', comment: 'again' })).status).toBe(409);

    const self = await approve(h, maker);
    expect(self.status).toBe(403);
    expect(self.body.errorCode).toBe('FOUR_EYES_REQUIRED');
    expect(self.body.message.ar).toMatch(/موظف آخر/);
    const selfReject = await reject(h, maker, { comment: 'withdraw' });
    expect(selfReject.body.errorCode).toBe('FOUR_EYES_REQUIRED');

    const approved = await approve(h, checker, { comment: 'Confirmed: other person' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({
      data: { status: 'FalsePositive', decidedBy: { id: checker.id }, comment: 'Confirmed: other person' },
      clientStatus: null,
    });
    expect((await approve(h, checker)).status).toBe(409);
    const kase = expectContract(caseSchema, (await getCase(h)).body);
    expect(kase).toMatchObject({
      status: 'Closed',
      disposition: 'FalsePositive',
      makerUserId: maker.id,
      checkerUserId: checker.id,
      checkerUser: { id: checker.id },
    });
    expect(kase.matches[0]!.reviews.map((r) => [r.action, r.user?.id ?? null])).toEqual([
      ['Created', null],
      ['Proposed', maker.id],
      ['Approved', checker.id],
    ]);
    const entity = (await callRoute(getEntityRoute, 'GET', '/x', { headers: a.headers, params: { entityId: h.entityId } })).body;
    expect(entity).toMatchObject({ screeningStatus: 'Clear', matchCount: 1, caseCount: 1, reviewStatus: { hasPublicCase: false, isUnderReview: false } });
    const audit = await q(`SELECT action, "actorId" FROM "AuditLog" WHERE "targetId" = $1 ORDER BY "createdAt"`, [h.matchId]);
    expect(audit.rows).toEqual([
      { action: 'match.proposed', actorId: maker.id },
      { action: 'match.approved', actorId: checker.id },
    ]);
  });

  it('a rejected proposal returns the match to Unreviewed with the checker’s comment', async () => {
    const h = await hit(a, 'Tariq Hassan Al-Shehri');
    await propose(h, maker, { decision: 'TruePositive', comment: 'Same name' });
    expect((await reject(h, checker, {})).status).toBe(400);
    const rejected = await reject(h, checker, { comment: 'Check the ID first' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'Unreviewed', proposedStatus: null, comment: 'Check the ID first' });
    expect((await getCase(h)).body.status).toBe('Pending');
  });

  it('an approved TruePositive blocks the client when asked, with its e-mail and EntityStatusUpdate; the entity is a Hit', async () => {
    const h = await hit(a, 'Majed Fahad Al-Dosari');
    await propose(h, maker, { decision: 'TruePositive', comment: 'Passport matches' });
    const noEmail = await approve(h, checker, { blockClient: { emailOptions: { notify: true, language: 'ar' } } });
    expect(noEmail.status).toBe(200); // the client has an e-mail address: notified
    expect(noEmail.body).toMatchObject({ data: { status: 'TruePositive' }, clientStatus: 'Blocked' });
    const entity = (await callRoute(getEntityRoute, 'GET', '/x', { headers: a.headers, params: { entityId: h.entityId } })).body;
    expect(entity).toMatchObject({ status: 'Blocked', screeningStatus: 'Hit', reviewStatus: { hasPublicCase: true, isUnderReview: false } });
    const event = await q(`SELECT payload FROM "OutboxEvent" WHERE type = 'EntityStatusUpdate' AND payload->>'entityId' = $1`, [h.entityId]);
    expect(event.rows[0].payload).toMatchObject({ previousStatus: 'Active', status: 'Blocked' });
    const mail = await q(`SELECT language FROM "EmailNotification" WHERE "entityId" = $1`, [h.entityId]);
    expect(mail.rows).toEqual([{ language: 'ar' }]);
    expect((await getCase(h)).body).toMatchObject({ status: 'Closed', disposition: 'TruePositive' });
  });

  it('blockClient is refused for a FalsePositive before anything changes', async () => {
    const h = await hit(a, 'Sultan Adel Al-Anazi');
    await propose(h, maker, { decision: 'FalsePositive', comment: 'Other person' });
    const res = await approve(h, checker, { blockClient: {} });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors[0]).toMatch(/^blockClient: /);
    expect((await q(`SELECT status FROM "Match" WHERE id = $1`, [h.matchId])).rows[0].status).toBe('PendingApproval');
  });
});

describe('reading cases and matches', () => {
  it('lists cases with filters (status, source, assignee, age) and the contract', async () => {
    const list = await callRoute(listCasesRoute, 'GET', '/services/crm/cases', { headers: a.headers });
    expect(list.status).toBe(200);
    const page = expectContract(caseList, list.body);
    expect(page.meta.totalCount).toBe(4);
    expect(page.data.every((c) => c.matches.length === 0 && c.entity.id === c.entityId)).toBe(true);
    expect(page.data[0]!.matchSummaries.length).toBeGreaterThan(0);
    const byQuery = async (query: string, headers: Record<string, string> = a.headers) =>
      (await callRoute(listCasesRoute, 'GET', `/services/crm/cases?${query}`, { headers })).body;
    expect((await byQuery('status=open')).meta.totalCount).toBe(2);
    expect((await byQuery('status=Closed')).meta.totalCount).toBe(2);
    expect((await byQuery('source=Custom')).meta.totalCount).toBe(0);
    expect((await byQuery('source=ListSourceA&age=today')).meta.totalCount).toBe(4);
    expect((await byQuery('age=older')).meta.totalCount).toBe(0);
    // A wrong status names what is accepted; a wrong assignee says what it may be.
    expect((await byQuery('status=Nope')).validationErrors[0]).toMatch(/^status: Invalid option: expected one of .*"open"/);
    expect((await byQuery('assignee=someone')).validationErrors[0]).toBe('assignee: expected `me`, `unassigned` or a user id');
    expect((await byQuery('size=101')).validationErrors[0]).toMatch(/^size: /);

    const target = page.data.find((c) => c.status !== 'Closed')!;
    const assigned = await callRoute(assignRoute, 'PUT', '/x', { headers: maker.headers, params: { caseId: target.id }, body: { assigneeUserId: maker.id } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body).toMatchObject({ assigneeUserId: maker.id, assignee: { id: maker.id } });
    expect((await byQuery('assignee=me', maker.headers)).data.map((c: { id: string }) => c.id)).toEqual([target.id]);
    expect((await byQuery('assignee=unassigned')).meta.totalCount).toBe(3);
    expect((await byQuery(`assignee=${maker.id}`)).meta.totalCount).toBe(1);
    const notOfficer = await callRoute(assignRoute, 'PUT', '/x', {
      headers: maker.headers,
      params: { caseId: target.id },
      body: { assigneeUserId: outsider.id },
    });
    expect(notOfficer.status).toBe(400);

    // A closed case keeps its assignee: neither assigning nor unassigning it is accepted.
    const closed = page.data.find((c) => c.status === 'Closed')!;
    const before = await q(`SELECT "assigneeUserId" FROM "Case" WHERE id = $1`, [closed.id]);
    for (const assigneeUserId of [maker.id, null]) {
      const refused = await callRoute(assignRoute, 'PUT', '/x', { headers: maker.headers, params: { caseId: closed.id }, body: { assigneeUserId } });
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body).toEqual({ errorCode: 'CONFLICT', message: { en: en.errorDetails.caseClosed, ar: ar.errorDetails.caseClosed } });
    }
    expect((await q(`SELECT "assigneeUserId" FROM "Case" WHERE id = $1`, [closed.id])).rows).toEqual(before.rows);
    const audited = await q(`SELECT count(*)::int AS n FROM "AuditLog" WHERE action = 'case.assign' AND "targetId" = $1`, [closed.id]);
    expect(audited.rows[0].n).toBe(0);
  });

  it('GET /cases/{caseId} and GET /entities/{entityId}/matches follow their schemas, with the comparison data', async () => {
    const h = await hit(a, 'Yousef Ibrahim Al-Mutairi', { nameAr: 'يوسف إبراهيم المطيري', dobGregorian: '1979-01-02', identities: [{ number: '1098765432' }] });
    const kase = expectContract(caseSchema, (await getCase(h)).body);
    expect(kase).toMatchObject({
      kind: 'Screening',
      source: 'ListSourceA',
      originWatchlist: { source: 'ListSourceA' },
      status: 'Pending',
      entity: { id: h.entityId },
    });
    const m = kase.matches[0]!;
    expect(m.watchlistEntry).toMatchObject({ externalId: 'A-1', dobs: ['1979-01-02'], isValid: true, type: 'Individual' });
    expect(m.watchlistEntry.names.map((n) => n.script)).toEqual(['Latin', 'Arabic']);
    expect(m.signals.dob.score).toBeGreaterThan(0.9);
    expect(m.percentage).toBeGreaterThanOrEqual(80);
    const matches = await callRoute(matchesRoute, 'GET', '/x', { headers: a.headers, params: { entityId: h.entityId } });
    const list = expectContract(matchList, matches.body);
    expect(list.data.map((x) => x.id)).toEqual([h.matchId]);
    expect(list.meta).toEqual({ page: 1, size: 20, totalCount: 1, totalPages: 1 });
    const none = await callRoute(matchesRoute, 'GET', '/x?status=TruePositive', { headers: a.headers, params: { entityId: h.entityId } });
    expect(none.status).toBe(200);
  });
});

describe('as an attacker', () => {
  it("another tenant's case, match and entity ids are 404, through either door", async () => {
    const h = await hit(a, 'Tariq Hassan Al-Shehri', { dobGregorian: '1990-01-01' });
    expect((await getCase(h, b)).status).toBe(404);
    expect((await callRoute(matchesRoute, 'GET', '/x', { headers: b.headers, params: { entityId: h.entityId } })).status).toBe(404);
    expect((await propose(h, outsider, { decision: 'FalsePositive', comment: 'x' })).status).toBe(404);
    const list = await callRoute(listCasesRoute, 'GET', `/services/crm/cases?entityId=${h.entityId}`, { headers: b.headers });
    expect(list.body.meta.totalCount).toBe(0);
    expect((await getCase({ caseId: 'not-a-uuid' })).status).toBe(404);
  });

  it('a relationship manager cannot review (403), an API key cannot use the officer-only review routes (401), no credentials 401', async () => {
    const h = await hit(a, 'Sultan Adel Al-Anazi', { dobGregorian: '1991-01-01' });
    expect((await propose(h, rm, { decision: 'FalsePositive', comment: 'x' })).status).toBe(403);
    expect((await propose(h, a, { decision: 'FalsePositive', comment: 'x' })).status).toBe(401);
    expect((await callRoute(listCasesRoute, 'GET', '/services/crm/cases')).status).toBe(401);
    const crossSite = await callRoute(proposeRoute, 'POST', path(h, 'proposal'), {
      headers: { ...maker.headers, origin: 'https://evil.example' },
      params: params(h),
      body: { decision: 'FalsePositive', comment: 'x' },
    });
    expect(crossSite.status).toBe(403);
    expect((await q(`SELECT status FROM "Match" WHERE id = $1`, [h.matchId])).rows[0].status).toBe('Unreviewed');
  });

  it('a relationship manager cannot read cases or matches (403: no tipping-off); officers and API keys can', async () => {
    const h = await hit(a, 'Majed Fahad Al-Dosari', { dobGregorian: '1992-01-01' });
    const reads = (headers: Record<string, string>) =>
      Promise.all([
        callRoute(listCasesRoute, 'GET', '/services/crm/cases', { headers }),
        callRoute(listCasesRoute, 'GET', `/services/crm/cases?entityId=${h.entityId}`, { headers }),
        getCase(h, { ...a, headers }),
        callRoute(matchesRoute, 'GET', `/services/crm/entities/${h.entityId}/matches`, { headers, params: { entityId: h.entityId } }),
      ]);
    for (const res of await reads(rm.headers)) {
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain(h.matchId);
    }
    for (const who of [maker.headers, a.headers]) {
      const [list, filtered, one, matches] = await reads(who);
      expect([list.status, filtered.status, one.status, matches.status]).toEqual([200, 200, 200, 200]);
      expect(filtered.body.meta.totalCount).toBe(1);
      expect(matches.body.data.map((m: { id: string }) => m.id)).toEqual([h.matchId]);
    }
  });
});
