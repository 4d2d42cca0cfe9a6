/**
 * `npm run bench:transactions`: BENCH_TX stored transactions (default 1,000,000) over BENCH_TX_ENTITIES
 * entities (default 10,000), each with its wallet, and 10 Published rules (every template), seeded with batched SQL into a
 * throwaway database; prints EXPLAIN (ANALYZE, BUFFERS) of the rules' window query; then, against the
 * production build and in the same run, `GET /entities/{id}` (the service's own read ceiling here)
 * and `POST /transactions` (each a new externalRef, a sixth of them in the structuring band) at
 * BENCH_CONNECTIONS (16) for BENCH_DURATION_SEC (60) each, with the CPU milliseconds per request of
 * Next.js, PostgreSQL and this load generator (it shares the two cores). Targets: POST throughput ≥ 50% of the GET throughput, p99 < 100 ms.
 * CPU is counted for this run's own processes only (the `next start` tree and the benchmark database's
 * backends), never other servers on a shared host; BENCH_PG_STATEMENTS=1 adds the POST run's statements
 * from pg_stat_statements (calls and planning + execution time per transaction).
 * Writes bench/results/transactions.json. Bounded by BENCH_MAX_SECONDS (default 1,800).
 */
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  cpuSecondsBetween,
  latencySummary,
  postgresCpuSeconds,
  processTreeCpuSeconds,
  runLoad,
  startBenchDatabase,
  startBenchServer,
  writeResult,
  type BenchDatabase,
  type BenchServer,
  type LoadResult,
} from './lib/server';
import { BENCH_RULES, benchTransactionBody, createBenchTenant, seedTransactions } from './lib/transactions-seed';

const TX = Number(process.env.BENCH_TX ?? 1_000_000);
const ENTITIES = Number(process.env.BENCH_TX_ENTITIES ?? 10_000);
const DURATION = Number(process.env.BENCH_DURATION_SEC ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 1800);
/** BENCH_PG_STATEMENTS=1: pg_stat_statements on the embedded server, and the POST run's statements with their calls and time per transaction. */
const PG_STATEMENTS = process.env.BENCH_PG_STATEMENTS === '1';
const started = Date.now();
const log = (...a: unknown[]) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s]`, ...a);

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

async function postLoad(
  baseUrl: string,
  headers: Record<string, string>,
  entityIds: string[],
  { connections = CONNECTIONS, durationSec = DURATION } = {},
): Promise<LoadResult & { byAlerting: Record<'quiet' | 'alerting', ReturnType<typeof latencySummary>> }> {
  let n = 0;
  const run = `${process.pid}-${Date.now()}`;
  // Each answer's latency, apart for the ingests that raised alerts (their path has more statements):
  // one request in flight per connection, so the connection's context carries its start.
  const byKind = { quiet: [] as number[], alerting: [] as number[] };
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: durationSec,
    requests: [
      {
        method: 'POST',
        path: '/services/crm/transactions',
        headers: { ...headers, 'content-type': 'application/json' },
        setupRequest: (req: autocannon.Request, context: { startedAt?: number }) => {
          n += 1;
          context.startedAt = performance.now();
          return { ...req, body: JSON.stringify(benchTransactionBody(n, entityIds, run)) };
        },
        onResponse: (_status: number, body: string, context: { startedAt?: number }) => {
          if (context.startedAt === undefined) return;
          (body.includes('"triggeredAlerts":[]') ? byKind.quiet : byKind.alerting).push(performance.now() - context.startedAt);
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
    byAlerting: { quiet: latencySummary(byKind.quiet), alerting: latencySummary(byKind.alerting) },
  };
}

/** CPU of our own processes only (the host is shared): the `next start` process tree and the benchmark database's PostgreSQL processes. */
function cpuMeter(serverPid: number, admin: pg.Client) {
  const snapshot = async () => ({ server: processTreeCpuSeconds(serverPid), pg: await postgresCpuSeconds(admin) });
  return {
    // `loadGenerator`: this process (autocannon), on the same two cores: a POST's body is built per request.
    async measure<T extends { requests: number }>(
      work: () => Promise<T>,
    ): Promise<T & { cpuMsPerRequest: { server: number; postgres: number; loadGenerator: number } }> {
      const before = await snapshot();
      const self = process.cpuUsage();
      const result = await work();
      const used = process.cpuUsage(self);
      const after = await snapshot();
      const per = (seconds: number) => Math.round((seconds * 1000 * 100) / Math.max(1, result.requests)) / 100;
      return {
        ...result,
        cpuMsPerRequest: {
          server: per(after.server - before.server),
          postgres: per(cpuSecondsBetween(before.pg, after.pg)),
          loadGenerator: per((used.user + used.system) / 1e6),
        },
      };
    },
  };
}

/** The statements of the run since the last reset, with calls and milliseconds (planning + execution) per transaction. */
async function statementsPerRequest(admin: pg.Client, requests: number) {
  const { rows } = await admin.query<{ query: string; calls: string; plan: number; exec: number }>(
    `SELECT query, calls, total_plan_time AS plan, total_exec_time AS exec FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) ORDER BY total_plan_time + total_exec_time DESC`,
  );
  const per = (v: number) => Math.round((v / Math.max(1, requests)) * 1000) / 1000;
  return {
    callsPerRequest: per(rows.reduce((s, r) => s + Number(r.calls), 0)),
    msPerRequest: per(rows.reduce((s, r) => s + r.plan + r.exec, 0)),
    top: rows.slice(0, 15).map((r) => ({
      callsPerRequest: per(Number(r.calls)),
      planMs: per(r.plan),
      execMs: per(r.exec),
      query: r.query.replace(/\s+/g, ' ').slice(0, 160),
    })),
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
  let admin: pg.Client | undefined;
  try {
    db = await startBenchDatabase({
      settings: PG_STATEMENTS ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track_planning': 'on' } : undefined,
    });
    process.env.DATABASE_URL = db.url;
    const { tenantId, apiKey } = await createBenchTenant();
    const seedStart = Date.now();
    const ids = await seedTransactions(db.url, tenantId, { transactions: TX, entities: ENTITIES, log });
    const seedSeconds = (Date.now() - seedStart) / 1000;
    log(`seeded ${TX} transactions over ${ENTITIES} entities in ${seedSeconds.toFixed(1)} s`);
    const plan = await explainWindow(db.url, tenantId, ids[0]!);
    console.log(`\n--- EXPLAIN window (structuring, 72 h)\n${plan}\n`);
    admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    if (PG_STATEMENTS) await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');

    server = await startBenchServer({ databaseUrl: db.url, env: { API_RATE_LIMIT_PER_SECOND: '1000000', API_RATE_LIMIT_BURST: '1000000' } });
    log(`server at ${server.baseUrl}`);
    const cpu = cpuMeter(server.pid, admin);
    const headers = { 'x-api-key': apiKey, 'x-tenant': 'bench' };
    const sample = ids.slice(0, 2000);
    const getPaths = sample.map((id) => `/services/crm/entities/${id}`);
    // Warm-up (JIT, pools, plans): reads, and ingests into other entities than the measured ones.
    await runLoad({ url: server.baseUrl, connections: 4, durationSec: 5, headers, paths: getPaths });
    await postLoad(server.baseUrl, headers, ids.slice(2000, 2500).length ? ids.slice(2000, 2500) : sample, { connections: 4, durationSec: 5 });
    const loadBefore = os.loadavg()[0];
    const get = await cpu.measure(() => runLoad({ url: server!.baseUrl, connections: CONNECTIONS, durationSec: DURATION, headers, paths: getPaths }));
    log('GET /entities/{id}', get);
    if (PG_STATEMENTS) await admin.query('SELECT pg_stat_statements_reset()');
    const post = await cpu.measure(() => postLoad(server!.baseUrl, headers, sample));
    log('POST /transactions', post);
    const statements = PG_STATEMENTS ? await statementsPerRequest(admin, post.requests) : undefined;
    if (statements) console.log(`\n--- POST statements (pg_stat_statements, per transaction)\n${JSON.stringify(statements, null, 2)}\n`);
    const ratio = Math.round((post.rps / Math.max(1, get.rps)) * 1000) / 10;
    const result = {
      cpus: os.cpus().length,
      loadAverage1m: { before: Math.round(loadBefore * 10) / 10, after: Math.round(os.loadavg()[0] * 10) / 10 },
      transactions: TX,
      entities: ENTITIES,
      publishedRules: BENCH_RULES.length,
      seedSeconds: Math.round(seedSeconds),
      connections: CONNECTIONS,
      durationSec: DURATION,
      getEntity: get,
      postTransaction: post,
      ...(statements ? { postStatements: { callsPerRequest: statements.callsPerRequest, msPerRequest: statements.msPerRequest } } : {}),
      ratioPercent: ratio,
      targets: { ratioPercent: 50, p99Ms: 100 },
      met: { ratio: ratio >= 50, p99: post.p99 < 100, no5xx: post.non2xx === 0 },
    };
    writeResult('transactions', result);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await admin?.end().catch(() => {});
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
