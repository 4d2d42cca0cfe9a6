/**
 * `npm run bench:records`: seeds BENCH_ENTITIES (default 100,000) entities into a throwaway
 * database with batched SQL, prints EXPLAIN (ANALYZE) of the list query for every filter (as
 * `crm_list_entity_ids` runs it: with its owner's rights) and checks each uses an index, then measures `GET /entities/{id}` and `GET /entities?q=…&size=100` at 32 connections
 * against the production build. Targets: p99 < 25 ms (get) and < 60 ms (filtered list).
 * Writes bench/results/records.json. Bounded: seeding, each load run (BENCH_DURATION_SEC,
 * default 15 s) and the whole run (BENCH_MAX_SECONDS, default 900) are limited.
 */
import os from 'node:os';
import pg from 'pg';
import { ENTITY_DOCUMENTS_SQL } from '@/lib/entities/load-entities';
import { FAMILY, seedEntities } from './lib/seed-entities';
import { runLoad, runLoadWithCpu, startBenchDatabase, startBenchServer, writeResult, type BenchDatabase, type BenchServer } from './lib/server';

const N = Number(process.env.BENCH_ENTITIES ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION_SEC ?? 15);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 900);
const started = Date.now();
const log = (...a: unknown[]) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s]`, ...a);

// Realistic bilingual names: given and family names in both scripts, combined in SQL.
/** The statements crm_list_entity_ids (records migration) builds, with one filter. */
function listSql(filter: string): string {
  return `SELECT e."id" FROM "Entity" e WHERE e."tenantId" = $1::uuid ${filter} ORDER BY e."createdAt" DESC, e."id" DESC LIMIT 100 OFFSET 0`;
}

async function explainAll(url: string, tenantId: string, s: { tagId: string; sampleNumbers: string[]; sampleCrmIds: string[] }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const plans: Record<string, { usesIndex: boolean; ms: number; plan: string }> = {};
  const filters: Record<string, [string, unknown[]]> = {
    none: ['', []],
    'role=client': [`AND e."role" = 'Client'::"EntityRole"`, []],
    'status=Blocked': [`AND e."status" = 'Blocked'::"EntityStatus"`, []],
    'type=Organization': [`AND e."type" = 'Organization'::"EntityType"`, []],
    'q=<name>': [`AND e."searchText" LIKE $2`, ['%qahtani%']],
    'q=<two words>': [`AND e."searchText" LIKE $2 AND e."searchText" LIKE $3`, ['%mohammed%', '%qahtani%']],
    'q=<arabic name>': [`AND e."searchText" LIKE $2`, ['%القحطاني%']],
    'q=<two arabic words>': [`AND e."searchText" LIKE $2 AND e."searchText" LIKE $3`, ['%محمد%', '%القحطاني%']],
    'q=<identity number>': [`AND e."searchText" LIKE $2`, [`%${s.sampleNumbers[0]}%`]],
    tagId: [`AND EXISTS (SELECT 1 FROM "EntityTag" t WHERE t."tenantId" = $1::uuid AND t."tagId" = $2::uuid AND t."entityId" = e."id")`, [s.tagId]],
    crmId: [`AND e."crmId" = $2`, [s.sampleCrmIds[0]]],
  };
  try {
    for (const [name, [filter, params]] of Object.entries(filters)) {
      for (const [suffix, sql] of [
        ['', listSql(filter)],
        [' (count)', `SELECT count(*) FROM "Entity" e WHERE e."tenantId" = $1::uuid ${filter}`],
      ] as const) {
        // As the function owner (the migration role), which is how crm_list_entity_ids runs them.
        await client.query('BEGIN');
        const res = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, [tenantId, ...params]);
        await client.query('ROLLBACK');
        const plan = res.rows.map((r) => r['QUERY PLAN']).join('\n');
        const ms = Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? NaN);
        const usesIndex = /Index (Only )?Scan|Bitmap Index Scan/.test(plan) && !/Seq Scan on "Entity"/.test(plan);
        plans[name + suffix] = { usesIndex, ms, plan };
        console.log(`\n--- EXPLAIN ${name}${suffix}: ${usesIndex ? 'index' : 'NO INDEX'}, ${ms} ms\n${plan}`);
      }
    }
  } finally {
    await client.end();
  }
  return plans;
}

/** The statements that read entities in the API's shape, as the API runs them (crm_app under RLS). */
async function explainLoaders(url: string, tenantId: string, ids: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const out: Record<string, number> = {};
  try {
    for (const [name, sql, params] of [
      ['profile body (1 entity)', 'SELECT crm_entity_profile_body($1::uuid, $2::uuid)', [tenantId, ids[0]]],
      ['list body (first page of 100, no filter)', 'SELECT crm_entity_list_body($1::uuid, NULL, NULL, NULL, NULL, NULL, NULL, 1, 100)', [tenantId]],
      ['documents (100 entities, as creates read them)', ENTITY_DOCUMENTS_SQL, [tenantId, ids.slice(0, 100)]],
    ] as const) {
      await client.query('BEGIN');
      await client.query('SET LOCAL ROLE crm_app');
      await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenantId]);
      const res = await client.query(`EXPLAIN (ANALYZE) ${sql}`, params as unknown as unknown[]);
      await client.query('ROLLBACK');
      const plan = res.rows.map((r) => r['QUERY PLAN']).join('\n');
      out[name] = Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? NaN);
      console.log(`\n--- EXPLAIN loader ${name}: ${out[name]} ms`);
    }
  } finally {
    await client.end();
  }
  return out;
}

async function main() {
  const deadline = setTimeout(() => {
    console.error(`bench:records exceeded ${MAX_SECONDS} s`);
    process.exit(1);
  }, MAX_SECONDS * 1000);
  deadline.unref();
  let db: BenchDatabase | undefined;
  let server: BenchServer | undefined;
  try {
    db = await startBenchDatabase();
    log('database ready');
    process.env.DATABASE_URL = db.url;
    const { createTenant } = await import('@/lib/tenancy/tenants');
    const { closeDatabase } = await import('@/lib/db/client');
    const { tenant, apiKey } = await createTenant({ slug: 'bench', nameEn: 'Bench', nameAr: 'اختبار الأداء' });
    await closeDatabase();
    const seedStart = Date.now();
    const samples = await seedEntities(db.url, tenant.id, N, log);
    const seedSeconds = (Date.now() - seedStart) / 1000;
    log(`seeded ${N} entities in ${seedSeconds.toFixed(1)} s`);
    const plans = await explainAll(db.url, tenant.id, samples);
    const loaders = await explainLoaders(db.url, tenant.id, samples.sampleIds);

    server = await startBenchServer({
      databaseUrl: db.url,
      env: {
        API_RATE_LIMIT_PER_SECOND: '1000000',
        API_RATE_LIMIT_BURST: '1000000',
        ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
      },
    });
    log(`server at ${server.baseUrl}`);
    const headers = { 'x-api-key': apiKey, 'x-tenant': 'bench' };
    const getPaths = samples.sampleIds.map((id) => `/services/crm/entities/${id}`);
    const qs = [
      ...FAMILY.slice(0, 10).map(([en]) => en!.toLowerCase().replace('al-', '')),
      ...FAMILY.slice(0, 5).map(([, ar]) => encodeURIComponent(ar!)),
      ...samples.sampleNumbers.slice(0, 10),
      ...samples.sampleIds.slice(0, 5).map(() => 'fahad.1'),
    ];
    const listPaths = qs.map((q) => `/services/crm/entities?q=${q}&size=100`);
    // Warm up: JIT, connection pool, plan caches.
    await runLoad({ url: server.baseUrl, connections: 8, durationSec: 3, headers, paths: [...getPaths.slice(0, 50), ...listPaths] });
    // One connection first: the service time of a request without queueing.
    const getSingle = await runLoad({ url: server.baseUrl, connections: 1, durationSec: 5, headers, paths: getPaths });
    const listSingle = await runLoad({ url: server.baseUrl, connections: 1, durationSec: 5, headers, paths: listPaths });
    log('one connection', { get: getSingle, list: listSingle });
    const loadBefore = os.loadavg()[0];
    const get = await runLoadWithCpu({ url: server.baseUrl, connections: 32, durationSec: DURATION, headers, paths: getPaths });
    log('GET /entities/{id}', get);
    const list = await runLoadWithCpu({ url: server.baseUrl, connections: 32, durationSec: DURATION, headers, paths: listPaths });
    log('GET /entities?q=…&size=100', list);
    const result = {
      cpus: os.cpus().length,
      // Other work on the machine shares these cores; the 1-minute load average shows how much.
      loadAverage1m: { beforeLoad: Math.round(loadBefore * 10) / 10, afterLoad: Math.round(os.loadavg()[0] * 10) / 10 },
      entities: N,
      seedSeconds: Math.round(seedSeconds * 10) / 10,
      connections: 32,
      durationSec: DURATION,
      get: { ...get, targetP99Ms: 25, met: get.p99 < 25 && get.non2xx === 0 },
      filteredList: { ...list, targetP99Ms: 60, met: list.p99 < 60 && list.non2xx === 0, queries: qs.length },
      oneConnection: { get: getSingle, filteredList: listSingle },
      loaderExecutionMs: loaders,
      explain: Object.fromEntries(Object.entries(plans).map(([k, v]) => [k, { usesIndex: v.usesIndex, executionMs: v.ms }])),
    };
    writeResult('records', result);
    console.log(JSON.stringify({ get: result.get, filteredList: result.filteredList, explain: result.explain }, null, 2));
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
