// POST /entities/client/bulk and GET /jobs/{jobId}: quota codes, the 1,000-client limit, per-item
// validation and duplicates reported in the job, tags, ongoing monitoring, events, isolation, and
// random bodies that must never be a 500.
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as bulkRoute } from '@/app/services/crm/entities/client/bulk/route';
import { POST as clientRoute } from '@/app/services/crm/entities/client/route';
import { GET as jobRoute } from '@/app/services/crm/jobs/[jobId]/route';
import { GET as getEntityRoute } from '@/app/services/crm/entities/[entityId]/route';
import { GET as matchesRoute } from '@/app/services/crm/entities/[entityId]/matches/route';
import { createTag } from '@/lib/tags/create-tag';
import { matchList } from '@/lib/cases/schemas';
import { callRoute } from '@/scripts/testing/api';
import { runCli } from '@/scripts/testing/cli';
import { expectContract } from '@/scripts/testing/contract';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';
import { createTestAttachment, factoryActor } from '@/scripts/testing/record-factories';
import { sessionHeaders } from '@/scripts/testing/session';
import { importList } from '@/scripts/testing/watchlist';
import { runBulkJob } from './process-bulk-job';
import { setTenantQuota } from './quota';
import { bulkCreateClientsResponse, bulkJobEnvelope } from './schemas';

process.env.ATTACHMENTS_DIR = path.join(os.tmpdir(), `crm-bulk-${process.pid}`);
process.env.API_RATE_LIMIT_PER_SECOND = '100000';
process.env.API_RATE_LIMIT_BURST = '100000';
const db = useTestDatabase();
const q = (sql: string, params: unknown[] = []) => db.current().pool.query(sql, params);

let tenant: TestTenant;
let other: TestTenant;
beforeAll(async () => {
  tenant = await createTestTenant();
  other = await createTestTenant();
});

const uuid = () => crypto.randomUUID();
const client = (n: number, extra: Record<string, unknown> = {}) => ({
  crmId: uuid(),
  nameEn: `Bulk Client ${n}`,
  nameAr: `عميل جماعي ${n}`,
  email: `bulk${n}@example.sa`,
  countryCode: '966',
  phoneNumber: '501234567',
  dobGregorian: '1988-04-12',
  nationalityCode: 'SA',
  identities: [{ number: `10${String(n).padStart(8, '0')}` }],
  ...extra,
});

async function submit(t: TestTenant, body: unknown, headers: Record<string, string> = {}) {
  return callRoute(bulkRoute, 'POST', '/services/crm/entities/client/bulk', { headers: { ...t.headers, ...headers }, body });
}

async function job(t: TestTenant, jobId: string) {
  const res = await callRoute(jobRoute, 'GET', `/services/crm/jobs/${jobId}`, { headers: t.headers, params: { jobId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectContract(bulkJobEnvelope, res.body).data;
}

async function submitAndRun(t: TestTenant, body: unknown) {
  const res = await submit(t, body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const answer = expectContract(bulkCreateClientsResponse, res.body);
  await runBulkJob({ tenantId: t.id, jobId: answer.jobId });
  return { answer, job: await job(t, answer.jobId) };
}

describe('POST /entities/client/bulk', () => {
  it('answers 202 with the quota and a job id; the job creates every client with its identities and tags', async () => {
    const batchTag = await createTag({ tenantId: tenant.id, input: { nameEn: 'Batch 7', nameAr: 'الدفعة 7' }, actor: factoryActor });
    const itemTag = await createTag({ tenantId: tenant.id, input: { nameEn: 'Private', nameAr: 'خاص' }, actor: factoryActor });
    const doc = await createTestAttachment(tenant.id, 'pdf', 'id.pdf');
    const clients = [client(1, { tagIds: [itemTag.id], identities: [{ number: '1000000001', documentIds: [doc.id] }] }), client(2), client(3)];
    const res = await submit(tenant, { clients, tagIds: [batchTag.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const answer = expectContract(bulkCreateClientsResponse, res.body);
    expect(answer.quota).toEqual({ code: null, remaining: 100_000 - 3, message: expect.stringContaining('Within quota') });
    const queued = await job(tenant, answer.jobId);
    expect(queued).toMatchObject({ status: 'Queued', total: 3, processed: 0, entityIds: [], errors: [] });

    await runBulkJob({ tenantId: tenant.id, jobId: answer.jobId });
    const done = await job(tenant, answer.jobId);
    expect(done).toMatchObject({ status: 'Completed', total: 3, processed: 3, succeeded: 3, failed: 0, errors: [] });
    expect(done.entityIds).toHaveLength(3);
    expect(done.completedAt).not.toBeNull();

    const first = await callRoute(getEntityRoute, 'GET', '/x', { headers: tenant.headers, params: { entityId: done.entityIds[0]! } });
    expect(first.body).toMatchObject({
      role: 'Client',
      status: 'Active',
      crmId: clients[0]!.crmId,
      nameEn: 'Bulk Client 1',
      dob: '1988-04-12',
      screeningStatus: 'NotScreened',
    });
    expect(first.body.dobHijri).toMatch(/^14\d\d-\d\d-\d\d$/);
    expect(first.body.identities[0]).toMatchObject({ type: 'NationalIdentity', number: '1000000001', verification: { status: 'Pending', source: 'Manual' } });
    expect(first.body.identities[0].documents.map((d: { id: string }) => d.id)).toEqual([doc.id]);
    expect(first.body.tags.map((t: { nameEn: string }) => t.nameEn).sort()).toEqual(['Batch 7', 'Private']);

    const events = await q(
      `SELECT payload FROM "OutboxEvent" WHERE "tenantId" = $1 AND type = 'BulkJobUpdate' AND payload->>'jobId' = $2 ORDER BY "createdAt"`,
      [tenant.id, answer.jobId],
    );
    expect(events.rows.map((r) => r.payload.status)).toEqual(['Running', 'Completed']);
    const audits = await q(`SELECT count(*)::int AS n FROM "AuditLog" WHERE "tenantId" = $1 AND action = 'entity.create.client'`, [tenant.id]);
    expect(audits.rows[0].n).toBe(3);
  });

  it('more than 1,000 clients is a 400 naming clients; 1,000 are accepted', async () => {
    const tooMany = await submit(tenant, { clients: Array.from({ length: 1001 }, (_, i) => ({ nameEn: `C ${i}` })) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.validationErrors.join(' ')).toMatch(/^clients: /);
    const empty = await submit(tenant, { clients: [] });
    expect(empty.status).toBe(400);
    const limit = await submit(tenant, { clients: Array.from({ length: 1000 }, (_, i) => ({ nameEn: `Max ${i}` })) });
    expect(limit.status).toBe(202);
    await runBulkJob({ tenantId: tenant.id, jobId: limit.body.jobId });
    expect(await job(tenant, limit.body.jobId)).toMatchObject({ status: 'Completed', succeeded: 1000 });
  });

  it('reports bad items and duplicates per item in the job and creates the others', async () => {
    const listTag = await createTag({ tenantId: tenant.id, input: { nameEn: `Sanctions ${uuid()}`, scope: 'Watchlist' }, actor: { type: 'system' } });
    const taken = client(10);
    await callRoute(clientRoute, 'POST', '/services/crm/entities/client', { headers: tenant.headers, body: taken });
    const twice = client(11);
    const items = [
      client(12), // 0 ok
      { ...client(13), email: 'not-an-email' }, // 1 invalid field
      'not an object', // 2
      twice, // 3 ok
      { ...client(14), crmId: twice.crmId }, // 4 duplicate within the request
      { ...client(15), crmId: taken.crmId }, // 5 duplicate of an existing client
      { ...client(16), nameEn: undefined, nameAr: undefined }, // 6 no name
      { ...client(17), tagIds: [uuid()] }, // 7 unknown tag
      { ...client(18), dobGregorian: '1990-01-01', dobHijri: '1400-01-01' }, // 8 dates that disagree
      { ...client(19), identities: [{ number: '1000000019' }, { number: '1000000019' }] }, // 9 identity twice
      { ...client(20), tagIds: [listTag.id] }, // 10 a tag of another scope
    ];
    const { job: done } = await submitAndRun(tenant, { clients: items });
    expect(done).toMatchObject({ status: 'CompletedWithErrors', total: 11, processed: 11, succeeded: 2, failed: 9 });
    const byIndex = Object.fromEntries(done.errors.map((e) => [e.index, e]));
    expect(Object.keys(byIndex).map(Number)).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10]);
    expect(byIndex[1]!.validationErrors[0]).toMatch(/^email: /);
    expect(byIndex[2]!).toMatchObject({ crmId: null, validationErrors: ['(item): expected an object'] });
    expect(byIndex[4]!).toMatchObject({ crmId: twice.crmId, validationErrors: ['crmId: DUPLICATE_CRM_ID: the same crmId as item 3 of this request'] });
    expect(byIndex[5]!.validationErrors[0]).toMatch(/^crmId: DUPLICATE_CRM_ID: a client with this crmId already exists/);
    expect(byIndex[6]!.validationErrors).toEqual(['nameEn: required (nameEn or nameAr)']);
    expect(byIndex[7]!.validationErrors[0]).toMatch(/^tagIds\.0: NOT_FOUND/);
    expect(byIndex[8]!.validationErrors[0]).toMatch(/^dobHijri: /);
    expect(byIndex[9]!.validationErrors[0]).toMatch(/^identities\.1\.number: /);
    expect(byIndex[10]!.validationErrors).toEqual(['tagIds.0: VALIDATION_ERROR: only tags of the Entity scope can be put on an entity']);
    const created = await q(`SELECT "crmId" FROM "Entity" WHERE "tenantId" = $1 AND "crmId" = ANY($2)`, [
      tenant.id,
      [items[0], twice].map((c) => (c as { crmId: string }).crmId),
    ]);
    expect(created.rows).toHaveLength(2);
  });

  it('a crmId in two requests is created once: pending in the first job, refused in the second', async () => {
    const shared = client(20);
    const first = await submit(tenant, { clients: [shared] });
    const second = await submit(tenant, { clients: [shared, client(21)] });
    await runBulkJob({ tenantId: tenant.id, jobId: first.body.jobId });
    await runBulkJob({ tenantId: tenant.id, jobId: second.body.jobId });
    expect(await job(tenant, first.body.jobId)).toMatchObject({ status: 'Completed', succeeded: 1 });
    const again = await job(tenant, second.body.jobId);
    expect(again).toMatchObject({ status: 'CompletedWithErrors', succeeded: 1, failed: 1 });
    expect(again.errors[0]!.validationErrors[0]).toMatch(/^crmId: DUPLICATE_CRM_ID: pending in bulk job /);
    const third = await submitAndRun(tenant, { clients: [shared] });
    expect(third.job).toMatchObject({ status: 'Failed', succeeded: 0, failed: 1 });
    const rows = await q(`SELECT count(*)::int AS n FROM "Entity" WHERE "tenantId" = $1 AND "crmId" = $2`, [tenant.id, shared.crmId]);
    expect(rows.rows[0].n).toBe(1);
  });

  it('quota: SOFT_THRESHOLD_REACHED once the soft line is reached, HARD_THRESHOLD_REACHED and clients beyond the hard line not created', async () => {
    const t = await createTestTenant();
    await setTenantQuota({ slug: t.slug, soft: 5, hard: 8 });
    const below = await submitAndRun(t, { clients: [client(30), client(31), client(32)] });
    expect(below.answer.quota).toMatchObject({ code: null, remaining: 5 });
    const soft = await submitAndRun(t, { clients: [client(33), client(34)] });
    expect(soft.answer.quota).toMatchObject({ code: 'SOFT_THRESHOLD_REACHED', remaining: 3 });
    const hard = await submitAndRun(t, { clients: [client(35), { nameEn: 'x', email: 'bad' }, client(36), client(37), client(38), client(39)] });
    expect(hard.answer.quota).toMatchObject({ code: 'HARD_THRESHOLD_REACHED', remaining: 0 });
    expect(hard.answer.quota.message).toMatch(/2 client\(s\) of this request were not created/);
    expect(hard.job).toMatchObject({ succeeded: 3, failed: 3 });
    expect(hard.job.errors.filter((e) => e.validationErrors[0]!.includes('HARD_THRESHOLD_REACHED')).map((e) => e.index)).toEqual([4, 5]);
    const count = await q(`SELECT count(*)::int AS n FROM "Entity" WHERE "tenantId" = $1`, [t.id]);
    expect(count.rows[0].n).toBe(8);
    const full = await submitAndRun(t, { clients: [client(40)] });
    expect(full.answer.quota).toMatchObject({ code: 'HARD_THRESHOLD_REACHED', remaining: 0 });
    expect(full.job).toMatchObject({ status: 'Failed', succeeded: 0 });
  });

  it('the hard line holds at creation too: clients created singly after the request take the reserved room', async () => {
    const t = await createTestTenant();
    await setTenantQuota({ slug: t.slug, soft: 2, hard: 3 });
    const res = await submit(t, { clients: [client(50), client(51)] });
    expect(res.body.quota).toMatchObject({ code: 'SOFT_THRESHOLD_REACHED', remaining: 1 });
    for (const n of [52, 53]) await callRoute(clientRoute, 'POST', '/services/crm/entities/client', { headers: t.headers, body: client(n) });
    await runBulkJob({ tenantId: t.id, jobId: res.body.jobId });
    const done = await job(t, res.body.jobId);
    expect(done).toMatchObject({ succeeded: 1, failed: 1 });
    expect(done.errors[0]!.validationErrors[0]).toMatch(/HARD_THRESHOLD_REACHED/);
  });

  it('tenant:quota sets the thresholds from the command line', async () => {
    const t = await createTestTenant();
    const r = await runCli(db.current().url, ['tenant:quota', '--tenant', t.slug, '--soft', '9000', '--hard', '10000']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ tenant: t.slug, soft: 9000, hard: 10000, entities: 0, reserved: 0, remaining: 10000 });
    const bad = await runCli(db.current().url, ['tenant:quota', '--tenant', t.slug, '--soft', '10', '--hard', '5']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/--soft cannot exceed --hard/);
    const row = await q(`SELECT "entityQuotaSoft", "entityQuotaHard" FROM "Tenant" WHERE id = $1`, [t.id]);
    expect(row.rows[0]).toEqual({ entityQuotaSoft: 9000, entityQuotaHard: 10000 });
  }, 60_000);

  it('screens ongoingMonitoring clients as the job creates them', async () => {
    await importList(db.current().pool, 'ListSourceA', [
      { externalId: 'BULK-1', names: [{ value: 'Hamad Nasser Al-Kuwari', kind: 'Primary' }], dob: '1975-05-05', nationalityCode: 'QA' },
    ]);
    const { job: done } = await submitAndRun(tenant, {
      clients: [
        client(60, {
          nameEn: 'Hamad Nasser Al-Kuwari',
          nameAr: 'حمد ناصر الكواري',
          dobGregorian: '1975-05-05',
          nationalityCode: 'QA',
          ongoingMonitoring: true,
        }),
        client(61, { ongoingMonitoring: true }),
        client(62, { nameEn: 'Hamad Nasser Al-Kuwari', dobGregorian: '1975-05-05' }),
      ],
    });
    const [hit, clear, unmonitored] = done.entityIds;
    const profile = async (id: string) => (await callRoute(getEntityRoute, 'GET', '/x', { headers: tenant.headers, params: { entityId: id } })).body;
    expect(await profile(hit!)).toMatchObject({ ongoingMonitoring: true, screeningStatus: 'PendingReview', matchCount: 1, caseCount: 1 });
    expect(await profile(clear!)).toMatchObject({ ongoingMonitoring: true, screeningStatus: 'Clear', matchCount: 0 });
    expect(await profile(unmonitored!)).toMatchObject({ ongoingMonitoring: false, screeningStatus: 'NotScreened', matchCount: 0 });
    const matches = await callRoute(matchesRoute, 'GET', '/x', { headers: tenant.headers, params: { entityId: hit! } });
    const list = expectContract(matchList, matches.body);
    expect(list.data[0]).toMatchObject({ status: 'Unreviewed', watchlistSource: 'ListSourceA', entityId: hit, watchlistEntry: { externalId: 'BULK-1' } });
    const keys = await q(`SELECT count(DISTINCT "entityId")::int AS n FROM "MonitoredNameKey" WHERE "entityId" = ANY($1)`, [done.entityIds]);
    expect(keys.rows[0].n).toBe(2);
  });

  it("isolation: another tenant's job is 404, a malformed id 404, no key 401, a session may read the job", async () => {
    const res = await submit(tenant, { clients: [client(70)] });
    const jobId = res.body.jobId;
    const foreign = await callRoute(jobRoute, 'GET', '/x', { headers: other.headers, params: { jobId } });
    expect(foreign.status).toBe(404);
    expect((await callRoute(jobRoute, 'GET', '/x', { headers: tenant.headers, params: { jobId: 'nope' } })).status).toBe(404);
    expect((await callRoute(jobRoute, 'GET', '/x', { params: { jobId } })).status).toBe(401);
    expect((await callRoute(bulkRoute, 'POST', '/x', { body: { clients: [client(71)] } })).status).toBe(401);
    const session = await sessionHeaders({ tenantId: tenant.id, role: 'officer' });
    expect((await callRoute(jobRoute, 'GET', '/x', { headers: session, params: { jobId } })).status).toBe(200);
    // A bulk request's references are the tenant's own: another tenant's tag is unknown here.
    const foreignTag = await createTag({ tenantId: other.id, input: { nameEn: 'Theirs', nameAr: 'لهم' }, actor: factoryActor });
    expect((await submit(tenant, { clients: [client(72)], tagIds: [foreignTag.id] })).status).toBe(404);
  });

  it('the same Idempotency-Key replays the first answer (one job)', async () => {
    const body = { clients: [client(80)] };
    const first = await submit(tenant, body, { 'idempotency-key': 'bulk-once' });
    const second = await submit(tenant, body, { 'idempotency-key': 'bulk-once' });
    expect(second.status).toBe(202);
    expect(second.body.jobId).toBe(first.body.jobId);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
  });

  it('random bodies are 202 or a documented 4xx, never a 500', async () => {
    const item = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(
        fc.constantFrom(
          'nameEn',
          'nameAr',
          'email',
          'crmId',
          'identities',
          'tagIds',
          'dobHijri',
          'dobGregorian',
          'ongoingMonitoring',
          'phoneNumber',
          'countryCode',
        ),
        fc.oneof(fc.jsonValue(), fc.uuid(), fc.string({ unit: 'binary' })),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.jsonValue(), fc.record({ clients: fc.array(item, { maxLength: 5 }), tagIds: fc.option(fc.array(fc.oneof(fc.uuid(), fc.string()))) })),
        async (body) => {
          const res = await submit(tenant, body);
          if (res.status === 202) expectContract(bulkCreateClientsResponse, res.body);
          else {
            expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
            expect(res.status).toBeLessThan(500);
            expect(typeof res.body.errorCode).toBe('string');
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
