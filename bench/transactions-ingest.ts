/**
 * `npx tsx bench/transactions-ingest.ts`: the ingest service alone, in this process, without HTTP:
 * BENCH_TX stored transactions (default 200,000) over BENCH_TX_ENTITIES (2,000), the 10 benchmark
 * rules, then BENCH_INGESTS calls of createTransaction (default 3,000) at BENCH_CONNECTIONS (16)
 * concurrent callers after a warm-up. Prints the CPU milliseconds per ingest of this process (the
 * service's Node.js work) and of the database's PostgreSQL processes, and pg_stat_statements: the
 * statements per ingest with their planning and execution time. For comparing changes to the ingest
 * quickly; `npm run bench:transactions` is the benchmark of record. Run with `node --cpu-prof` (via
 * NODE_OPTIONS) for a V8 profile of the service.
 */
import pg from 'pg';
import { cpuSecondsBetween, latencySummary, postgresCpuSeconds, startBenchDatabase } from './lib/server';
import { benchTransactionBody, createBenchTenant, seedTransactions } from './lib/transactions-seed';

const TX = Number(process.env.BENCH_TX ?? 200_000);
const ENTITIES = Number(process.env.BENCH_TX_ENTITIES ?? 2_000);
const INGESTS = Number(process.env.BENCH_INGESTS ?? 3_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const started = Date.now();
const log = (...a: unknown[]) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s]`, ...a);

const db = await startBenchDatabase({ settings: { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track_planning': 'on' } });
const admin = new pg.Client({ connectionString: db.url });
try {
  process.env.DATABASE_URL = db.url;
  const { tenantId } = await createBenchTenant();
  const ids = await seedTransactions(db.url, tenantId, { transactions: TX, entities: ENTITIES, log });
  await admin.connect();
  await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const { createTransaction } = await import('@/lib/transactions/create-transaction');
  const { closeDatabase } = await import('@/lib/db/client');
  const { createTransactionInput } = await import('@/lib/transactions/schemas');
  const run = `${process.pid}-${Date.now()}`;
  const actor = { type: 'apiKey' as const, id: 'bench' };
  let n = 0;
  // Latency of each ingest, apart for those that raise alerts (their path has more statements).
  let latencies = { quiet: [] as number[], alerting: [] as number[] };
  const ingest = async (entityIds: string[], count: number) => {
    latencies = { quiet: [], alerting: [] };
    const statuses = new Map<number, number>();
    let done = 0;
    const worker = async () => {
      while (done < count) {
        done += 1;
        n += 1;
        // Parsed as the route parses it (defaults included).
        const body = createTransactionInput.parse(benchTransactionBody(n, entityIds, run));
        const t = performance.now();
        const r = await createTransaction({ tenantId, body, actor });
        (r.data.triggeredAlerts.length ? latencies.alerting : latencies.quiet).push(performance.now() - t);
        const status = r.created ? 201 : 200;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    return Object.fromEntries(statuses);
  };
  const sample = ids.slice(0, Math.min(2000, ids.length));
  await ingest(ids.slice(-200), 500);
  await admin.query('SELECT pg_stat_statements_reset()');
  const pgBefore = await postgresCpuSeconds(admin);
  const cpuBefore = process.cpuUsage();
  const t0 = Date.now();
  const statuses = await ingest(sample, INGESTS);
  const seconds = (Date.now() - t0) / 1000;
  const node = process.cpuUsage(cpuBefore);
  const pgSeconds = cpuSecondsBetween(pgBefore, await postgresCpuSeconds(admin));
  const per = (v: number) => Math.round((v / INGESTS) * 1000) / 1000;
  const { rows } = await admin.query<{ query: string; calls: string; plan: number; exec: number }>(
    `SELECT query, calls, total_plan_time AS plan, total_exec_time AS exec FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) ORDER BY total_plan_time + total_exec_time DESC`,
  );
  console.log(
    JSON.stringify(
      {
        ingests: INGESTS,
        statuses,
        perSecond: Math.round(INGESTS / seconds),
        cpuMsPerIngest: { node: per((node.user + node.system) / 1000), postgres: per(pgSeconds * 1000) },
        statementsPerIngest: per(rows.reduce((s, r) => s + Number(r.calls), 0)),
        statementMsPerIngest: per(rows.reduce((s, r) => s + r.plan + r.exec, 0)),
        latencyMs: Object.fromEntries(Object.entries(latencies).map(([kind, values]) => [kind, latencySummary(values)])),
      },
      null,
      2,
    ),
  );
  for (const r of rows.slice(0, 25))
    console.log(
      `${per(Number(r.calls)).toFixed(2).padStart(6)} calls ${per(r.plan).toFixed(3)} plan ${per(r.exec).toFixed(3)} exec  ${r.query.replace(/\s+/g, ' ').slice(0, 220)}`,
    );
  await closeDatabase();
} finally {
  await admin.end().catch(() => {});
  await db.stop();
}
process.exit(0);
