/**
 * `npm run bench:transactions`: BENCH_TX stored transactions (default 1,000,000) over BENCH_TX_ENTITIES
 * entities (default 10,000) and 10 Published rules (every template), seeded with batched SQL into a
 * throwaway database; prints EXPLAIN (ANALYZE, BUFFERS) of the rules' window query; then, against the
 * production build and in the same run, `GET /entities/{id}` (the service's own read ceiling here)
 * and `POST /transactions` (each a new externalRef, a sixth of them in the structuring band) at
 * BENCH_CONNECTIONS (16) for BENCH_DURATION_SEC (60) each, with the CPU milliseconds per request of
 * Next.js and PostgreSQL. Targets: POST throughput ≥ 50% of the GET throughput, p99 < 100 ms.
 * Writes bench/results/transactions.json. Bounded by BENCH_MAX_SECONDS (default 1,800).
 */
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  cpuSecondsOf,
  runLoadWithCpu,
  startBenchDatabase,
  startBenchServer,
  writeResult,
  type BenchDatabase,
  type BenchServer,
  type LoadResult,
} from './lib/server';

const TX = Number(process.env.BENCH_TX ?? 1_000_000);
const ENTITIES = Number(process.env.BENCH_TX_ENTITIES ?? 10_000);
const DURATION = Number(process.env.BENCH_DURATION_SEC ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 1800);
const BATCH = 100_000;
const started = Date.now();
const log = (...a: unknown[]) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s]`, ...a);

const RULES = [
  ['LARGE', 'Hard', 'LargeAmount', { threshold: '500000', currency: 'SAR' }],
  ['COUNT-24H', 'Soft', 'CountVelocity', { count: 50, windowHours: 24 }],
  ['SUM-7D', 'Soft', 'AmountVelocity', { threshold: '1000000', currency: 'SAR', windowHours: 168, direction: 'Credit' }],
  ['STRUCT', 'Soft', 'Structuring', { threshold: '10000', marginPercent: 10, minCount: 3, windowHours: 72, currency: 'SAR' }],
  ['IN-OUT', 'Soft', 'RapidInOut', { percent: 90, windowHours: 48, minIncoming: '50000', currency: 'SAR' }],
  ['COUNTRY', 'Soft', 'HighRiskCountry', { minGrade: 'High' }],
  ['SCREENING', 'Soft', 'OpenScreeningMatch', {}],
  ['DORMANT', 'Soft', 'DormantReactivated', { dormantDays: 180 }],
  ['ROUND', 'Soft', 'RoundAmount', { unit: '10000', minAmount: '50000', currency: 'SAR' }],
  ['FIRST-LARGE', 'Soft', 'FirstLargeAfterNewLink', { threshold: '100000', currency: 'SAR', linkDays: 30 }],
] as const;

async function seed(url: string, tenantId: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "Entity" (id, "tenantId", role, type, "nameEn", "nameAr", "nationalityCode", "updatedAt")
       SELECT gen_random_uuid(), $1::uuid, 'Client', 'Individual', 'Bench Client ' || g, 'عميل ' || g, 'SA', now() FROM generate_series(1, $2::int) g`,
      [tenantId, ENTITIES],
    );
    const ids = (await client.query<{ id: string }>(`SELECT id FROM "Entity" WHERE "tenantId" = $1::uuid ORDER BY id`, [tenantId])).rows.map((r) => r.id);
    await client.query(`CREATE TEMP TABLE ents AS SELECT row_number() OVER (ORDER BY id) - 1 AS i, id FROM "Entity" WHERE "tenantId" = $1::uuid`, [tenantId]);
    for (let from = 0; from < TX; from += BATCH) {
      const n = Math.min(BATCH, TX - from);
      // Credits (target is the entity) and debits (source is the entity), over the last 180 days.
      await client.query(
        `INSERT INTO "Transaction" (id, "tenantId", "externalRef", "requestHash", "transactionDate", amount, currency, "currencyCode", source, target,
            "sourceEntityId", "targetEntityId", "sourceCountry", "targetCountry", direction, "updatedAt")
         SELECT gen_random_uuid(), $1::uuid, 'seed-' || g, md5(g::text), now() - (random() * interval '180 days'),
                round((random() * 20000)::numeric, 2), 'Sar', 'SAR',
                CASE WHEN g % 3 = 0 THEN '{"method":"Wallet"}'::jsonb ELSE '{"method":"External"}'::jsonb END,
                CASE WHEN g % 3 = 0 THEN '{"method":"External"}'::jsonb ELSE '{"method":"Wallet"}'::jsonb END,
                CASE WHEN g % 3 = 0 THEN e.id END, CASE WHEN g % 3 = 0 THEN NULL ELSE e.id END, 'GB', 'SA',
                (CASE WHEN g % 3 = 0 THEN 'Debit' ELSE 'Credit' END)::"TransactionDirection", now()
           FROM generate_series($2::int, $3::int) g JOIN ents e ON e.i = g % $4::int`,
        [tenantId, from + 1, from + n, ENTITIES],
      );
      log(`seeded ${from + n} transactions`);
    }
    await client.query('VACUUM ANALYZE "Transaction"');
    await client.query('VACUUM ANALYZE "Entity"');
    return ids;
  } finally {
    await client.end();
  }
}

async function explainWindow(url: string, tenantId: string, entityId: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL ROLE crm_app');
    await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenantId]);
    // The statement facts.ts runs for a 72-hour structuring window, credits in SAR in the band.
    const res = await client.query(
      `EXPLAIN (ANALYZE, BUFFERS) SELECT count(*)::int AS n, coalesce(sum(w.amount), 0)::text AS total,
              (array_agg(w.id::text ORDER BY w."transactionDate" DESC, w.id DESC))[1:50] AS ids
         FROM (SELECT id, amount, "transactionDate" FROM "Transaction"
                WHERE "tenantId" = $1::uuid AND "targetEntityId" = $2::uuid AND "transactionDate" > now() - interval '72 hours' AND "transactionDate" <= now()
                  AND "currencyCode" = 'SAR' AND amount >= 9000::numeric AND amount < 10000::numeric) w`,
      [tenantId, entityId],
    );
    await client.query('ROLLBACK');
    return res.rows.map((r) => r['QUERY PLAN'] as string).join('\n');
  } finally {
    await client.end();
  }
}

async function postLoad(baseUrl: string, headers: Record<string, string>, entityIds: string[]): Promise<LoadResult> {
  let n = 0;
  const run = `${process.pid}-${Date.now()}`;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        path: '/services/crm/transactions',
        headers: { ...headers, 'content-type': 'application/json' },
        setupRequest: (req: autocannon.Request) => {
          n += 1;
          const entity = entityIds[n % entityIds.length]!;
          const structuring = n % 6 === 0;
          const amount = structuring ? `${9000 + (n % 999)}.${String(n % 100).padStart(2, '0')}` : `${(n * 7919) % 20000}.${String(n % 100).padStart(2, '0')}`;
          const body =
            n % 3 === 0
              ? { source: { method: 'Wallet', vIban: `BW-${entity}`, entity: { id: entity } }, target: { method: 'External', iban: 'GB82WEST12345698765432' } }
              : { source: { method: 'External', iban: 'GB82WEST12345698765432' }, target: { method: 'Wallet', vIban: `BW-${entity}`, entity: { id: entity } } };
          return {
            ...req,
            body: JSON.stringify({
              ...body,
              externalRef: `bench-${run}-${n}`,
              transactionDate: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
              amount: amount === '0.00' ? '1.00' : amount,
              currency: 'Sar',
            }),
          };
        },
      } as autocannon.Request,
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function main() {
  const deadline = setTimeout(() => {
    console.error(`bench:transactions exceeded ${MAX_SECONDS} s`);
    process.exit(1);
  }, MAX_SECONDS * 1000);
  deadline.unref();
  let db: BenchDatabase | undefined;
  let server: BenchServer | undefined;
  try {
    db = await startBenchDatabase();
    process.env.DATABASE_URL = db.url;
    const { createTenant } = await import('@/lib/tenancy/tenants');
    const { createRule, setRuleStatus } = await import('@/lib/transactions/rules/manage-rules');
    const { closeDatabase } = await import('@/lib/db/client');
    const { tenant, apiKey } = await createTenant({ slug: 'bench', nameEn: 'Bench', nameAr: 'اختبار الأداء' });
    for (const [code, type, template, params] of RULES) {
      const actor = { type: 'system' as const };
      const { data } = await createRule({
        tenantId: tenant.id,
        input: {
          code,
          nameEn: code,
          nameAr: code,
          descriptionEn: '',
          descriptionAr: '',
          type,
          severity: 'Medium',
          config: { template, params: params as Record<string, unknown> },
        },
        actor,
      });
      await setRuleStatus({ tenantId: tenant.id, ruleId: data.id, status: 'Published', actor });
    }
    await closeDatabase();
    const seedStart = Date.now();
    const ids = await seed(db.url, tenant.id);
    const seedSeconds = (Date.now() - seedStart) / 1000;
    log(`seeded ${TX} transactions over ${ENTITIES} entities in ${seedSeconds.toFixed(1)} s`);
    const plan = await explainWindow(db.url, tenant.id, ids[0]!);
    console.log(`\n--- EXPLAIN window (structuring, 72 h)\n${plan}\n`);

    server = await startBenchServer({ databaseUrl: db.url, env: { API_RATE_LIMIT_PER_SECOND: '1000000', API_RATE_LIMIT_BURST: '1000000' } });
    log(`server at ${server.baseUrl}`);
    const headers = { 'x-api-key': apiKey, 'x-tenant': 'bench' };
    const sample = ids.slice(0, 2000);
    const getPaths = sample.map((id) => `/services/crm/entities/${id}`);
    // Warm-up of both paths (JIT, pools, plans).
    await runLoadWithCpu({ url: server.baseUrl, connections: 4, durationSec: 5, headers, paths: getPaths });
    const savedDuration = DURATION;
    const loadBefore = os.loadavg()[0];
    const get = await runLoadWithCpu({ url: server.baseUrl, connections: CONNECTIONS, durationSec: savedDuration, headers, paths: getPaths });
    log('GET /entities/{id}', get);
    const before = { server: cpuSecondsOf(/^next-server/), pg: cpuSecondsOf(/^postgres/) };
    const post = await postLoad(server.baseUrl, headers, sample);
    const after = { server: cpuSecondsOf(/^next-server/), pg: cpuSecondsOf(/^postgres/) };
    const delta = (a: Map<string, number>, b: Map<string, number>) => [...b].reduce((s, [pid, v]) => s + v - (a.get(pid) ?? 0), 0);
    const per = (seconds: number) => Math.round((seconds * 1000 * 100) / Math.max(1, post.requests)) / 100;
    const postCpu = { server: per(delta(before.server, after.server)), postgres: per(delta(before.pg, after.pg)) };
    log('POST /transactions', post, postCpu);
    const ratio = Math.round((post.rps / Math.max(1, get.rps)) * 1000) / 10;
    const result = {
      cpus: os.cpus().length,
      loadAverage1m: { before: Math.round(loadBefore * 10) / 10, after: Math.round(os.loadavg()[0] * 10) / 10 },
      transactions: TX,
      entities: ENTITIES,
      publishedRules: RULES.length,
      seedSeconds: Math.round(seedSeconds),
      connections: CONNECTIONS,
      durationSec: DURATION,
      getEntity: get,
      postTransaction: { ...post, cpuMsPerRequest: postCpu },
      ratioPercent: ratio,
      targets: { ratioPercent: 50, p99Ms: 100 },
      met: { ratio: ratio >= 50, p99: post.p99 < 100, no5xx: post.non2xx === 0 },
    };
    writeResult('transactions', result);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await server?.stop();
    await db?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
