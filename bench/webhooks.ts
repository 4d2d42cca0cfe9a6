/**
 * `npm run bench:webhooks`: sends BENCH_EVENTS (default 2,000) events through the whole pipeline
 * (outbox row + trigger → graphile-worker → signed HTTP POST) to a local receiver on 127.0.0.1, and
 * reports deliveries per second and enqueue-to-receipt latency p50/p95/p99. Two runs:
 * - paced: events committed at BENCH_RATE per second (default 300, the throughput target), the
 *   figures the targets apply to (≥ 300 deliveries/s, p95 < 250 ms);
 * - burst: all events committed as fast as possible, to show the ceiling (latency there is
 *   queueing time, reported for information).
 * "Enqueue" is the start of the event's transaction (so its commit time counts against us);
 * "receipt" is the receiver having read the body.
 * Own embedded PostgreSQL (bench/lib/server.ts). The worker runs as its own process, as in
 * production (`tsx scripts/worker.ts`, WORKER_CONCURRENCY = BENCH_CONCURRENCY, default 16), so it
 * does not share a CPU with the event producer and the receiver; BENCH_WORKER=inline runs it in
 * this process instead. Bounded by BENCH_MAX_SECONDS (default 300). Writes bench/results/webhooks.json.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

process.env.DATABASE_POOL_SIZE ??= '60';
process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
process.env.LOG_LEVEL ??= 'warn';

const { startBenchDatabase, writeResult } = await import('./lib/server');
const { useDatabase, closeDatabase } = await import('@/lib/db/client');
const { withTenantConnection } = await import('@/lib/db/sql');
const { startWorker } = await import('@/lib/jobs/worker');
const { createTestTenant } = await import('@/scripts/testing/factories');
const { registerWebhookEndpoint } = await import('@/lib/webhooks/endpoints');
const { startReceiver } = await import('@/scripts/testing/webhooks/receiver');

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const INLINE = process.env.BENCH_WORKER === 'inline';
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 300);
const started = Date.now();
const log = (...a: unknown[]) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s]`, ...a);
const guard = setTimeout(() => {
  console.error(`bench:webhooks exceeded ${MAX_SECONDS}s, aborting`);
  process.exit(1);
}, MAX_SECONDS * 1000);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

const db = await startBenchDatabase();
await useDatabase(db.url);
const receiver = await startReceiver({ kind: 'ok' });
const runner = INLINE ? await startWorker({ connectionString: db.url, concurrency: CONCURRENCY }) : undefined;
const child = INLINE
  ? undefined
  : spawn(path.resolve('node_modules/.bin/tsx'), ['scripts/worker.ts'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
      env: { ...process.env, DATABASE_URL: db.url, WORKER_CONCURRENCY: String(CONCURRENCY), DATABASE_POOL_SIZE: String(CONCURRENCY * 2 + 4) },
    });
if (child) {
  // The worker is up when it holds its LISTEN connection (application_name crm-worker:<pid>).
  const pool = new pg.Pool({ connectionString: db.url, max: 1 });
  for (let i = 0; ; i++) {
    const r = await pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name LIKE 'crm-worker:%'`);
    if (r.rows[0].n > 0) break;
    if (i > 300) throw new Error('worker did not start');
    await new Promise((res) => setTimeout(res, 100));
  }
  await pool.end();
}

async function run(mode: 'paced' | 'burst' | 'warm-up', events = EVENTS) {
  const EVENTS = events;
  const tenant = await createTestTenant({ slug: `bench-${mode}-${Date.now()}` });
  const reg = await registerWebhookEndpoint({ tenantId: tenant.id, url: receiver.url, secret: 'bench-secret-0123456789', actor: { type: 'system' } });
  if (reg.status !== 'Active') throw new Error(`webhook not Active: ${JSON.stringify(reg)}`);
  const enqueuedAt = new Map<string, number>();
  const firstReceipt = new Map<string, number>();
  const before = receiver.requests.length;
  // One transaction per event, as a domain change does; plain SQL keeps the producer's CPU cost
  // (which shares this machine with the worker) out of the way. The outbox trigger is the real one.
  const emitOne = async (i: number) => {
    // Stamped before the transaction starts (conservative: includes the producer's own commit).
    const startedAt = Date.now();
    const id = await withTenantConnection(tenant.id, async (client) => {
      const row = await client.query<{ id: string }>(
        `INSERT INTO "OutboxEvent" (id, "tenantId", type, payload) VALUES (gen_random_uuid(), $1, 'EntityStatusUpdate', $2) RETURNING id`,
        [tenant.id, JSON.stringify({ i, mode })],
      );
      return row.rows[0]!.id;
    });
    enqueuedAt.set(id, startedAt);
  };
  const t0 = Date.now();
  if (mode === 'burst') {
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < EVENTS) await emitOne(next++);
      }),
    );
  } else {
    // Paced: each event has its slot at t0 + i/RATE; emitters wait for their slot.
    const pending: Promise<void>[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const wait = t0 + (i * 1000) / RATE - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(emitOne(i));
    }
    await Promise.all(pending);
  }
  const enqueueSeconds = (Date.now() - t0) / 1000;
  while (firstReceipt.size < EVENTS) {
    for (const r of receiver.requests.slice(before)) {
      const id = r.headers['webhook-id'] as string;
      if (enqueuedAt.has(id) && !firstReceipt.has(id)) firstReceipt.set(id, r.receivedAt);
    }
    if (Date.now() - started > MAX_SECONDS * 1000) throw new Error('timed out waiting for deliveries');
    await new Promise((r) => setTimeout(r, 20));
  }
  const receipts = [...firstReceipt.values()];
  const seconds = (Math.max(...receipts) - t0) / 1000;
  const latencies = [...firstReceipt].map(([id, at]) => at - enqueuedAt.get(id)!).sort((a, b) => a - b);
  const duplicates = receiver.requests.slice(before).filter((r) => r.headers['x-webhook-event'] !== 'handshake').length - EVENTS;
  const result = {
    events: EVENTS,
    rate: mode === 'paced' ? RATE : null,
    enqueueSeconds: Number(enqueueSeconds.toFixed(2)),
    seconds: Number(seconds.toFixed(2)),
    deliveriesPerSecond: Math.round(EVENTS / seconds),
    latencyMs: { min: latencies[0], p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: latencies.at(-1) },
    duplicates,
  };
  log(mode, JSON.stringify(result));
  return result;
}

try {
  log(`webhooks: ${EVENTS} events, worker concurrency ${CONCURRENCY}`);
  await run('warm-up', 300);
  const paced = await run('paced');
  const burst = await run('burst');
  const targets = { deliveriesPerSecond: 300, p95Ms: 250 };
  const pass = paced.deliveriesPerSecond >= targets.deliveriesPerSecond && paced.latencyMs.p95 < targets.p95Ms;
  writeResult('webhooks', { concurrency: CONCURRENCY, worker: INLINE ? 'inline' : 'process', targets, pass, paced, burst });
  log(pass ? 'targets met' : 'targets NOT met', '→ bench/results/webhooks.json');
} finally {
  await runner?.stop();
  if (child?.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise((res) => setTimeout(res, 500));
  }
  await receiver.close();
  await closeDatabase();
  await db.stop();
  clearTimeout(guard);
}
