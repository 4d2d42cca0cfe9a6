/**
 * The soak drill (`npm run drill:soak`): DRILL_SOAK_SECONDS (default 600) of mixed reads and writes
 * at DRILL_CONNECTIONS (default 16) against the production build and the worker, on a database of
 * 2,000 seeded entities. Every 10 s it samples the resident memory (RSS) of the Next.js process
 * tree and of the worker, and PostgreSQL's connections to the database. It checks, and prints:
 *   - no 5xx answer (and no answer other than the expected ones);
 *   - no `"level":"error"` line in the service's logs;
 *   - RSS flat after warm-up (the first fifth): the mean of the last third within 20% of the
 *     mean of the first third after warm-up, for each process; the curve is printed;
 *   - connections never above the configured pools: web DATABASE_POOL_SIZE (4) + worker
 *     application pool (WORKER_CONCURRENCY + 2) + graphile-worker's own pool (10).
 * Mix: 45% entity list pages (some with a search), 25% entity profiles, 20% client creations,
 * 10% status changes. Exit code 1 when a check fails. Writes bench/results/drill-soak.json.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startBenchDatabase, type BenchDatabase } from '@/bench/lib/server';
import { seedEntities } from '@/bench/lib/seed-entities';
import { requireBuild, rssKb, startService, stopProcess, waitForHealth, type ServiceProcesses } from './service';

export interface SoakOptions {
  seconds: number;
  connections: number;
  seedEntities: number;
  sampleEveryMs: number;
  log?: (line: string) => void;
}

export interface SoakSample {
  t: number;
  webRssMb: number;
  workerRssMb: number;
  connections: number;
  requests: number;
}

export interface SoakReport {
  seconds: number;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  byStatus: Record<string, number>;
  serverErrors: number;
  unexpected: number;
  logErrors: number;
  logErrorSample: string[];
  rss: { webGrowthPct: number; workerGrowthPct: number };
  maxDatabaseConnections: number;
  connectionBound: number;
  curve: SoakSample[];
  ok: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

function growthPct(values: number[]): number {
  const afterWarmUp = values.slice(Math.floor(values.length / 5));
  const third = Math.max(1, Math.floor(afterWarmUp.length / 3));
  const first = mean(afterWarmUp.slice(0, third));
  const last = mean(afterWarmUp.slice(-third));
  return first ? Math.round(((last - first) / first) * 1000) / 10 : 0;
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  requireBuild();
  const log = options.log ?? (() => {});
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-drill-soak-'));
  const logFile = path.join(workDir, 'service.log');
  let db: BenchDatabase | undefined;
  let service: ServiceProcesses | undefined;
  const previousUrl = process.env.DATABASE_URL;
  try {
    db = await startBenchDatabase();
    process.env.DATABASE_URL = db.url;
    const { useDatabase, closeDatabase } = await import('@/lib/db/client');
    await useDatabase(db.url);
    const { createTestTenant } = await import('@/scripts/testing/factories');
    const tenant = await createTestTenant({ slug: `soak-${crypto.randomBytes(3).toString('hex')}` });
    await closeDatabase();
    await seedEntities(db.url, tenant.id, options.seedEntities);
    const sample = new pg.Client({ connectionString: db.url });
    await sample.connect();
    const ids = (await sample.query<{ id: string }>(`SELECT id FROM "Entity" WHERE "tenantId" = $1 AND role = 'Client' LIMIT 500`, [tenant.id])).rows.map(
      (r) => r.id,
    );
    const database = new URL(db.url).pathname.slice(1);

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const workerConcurrency = 10;
    service = startService({
      port,
      logFile,
      env: {
        DATABASE_URL: db.url,
        LOG_LEVEL: 'warn',
        NEXTAUTH_URL: baseUrl,
        NEXTAUTH_SECRET: 'soak-secret-soak-secret-soak-secret',
        API_RATE_LIMIT_PER_SECOND: '100000',
        WORKER_CONCURRENCY: String(workerConcurrency),
      },
    });
    await waitForHealth(baseUrl);
    log(`service up on ${baseUrl}; ${options.connections} connections for ${options.seconds} s`);

    const byStatus: Record<string, number> = {};
    let requests = 0;
    let unexpected = 0;
    const end = Date.now() + options.seconds * 1000;
    const statusOf = new Map<string, 'Active' | 'Blocked'>();
    const created: string[] = [];

    async function call(method: string, url: string, body: unknown, expected: number[]) {
      let status = 0;
      try {
        const res = await fetch(`${baseUrl}${url}`, {
          method,
          headers: { ...tenant.headers, ...(body ? { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() } : {}) },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(30_000),
        });
        status = res.status;
        const json = await res.json().catch(() => null);
        requests++;
        byStatus[status] = (byStatus[status] ?? 0) + 1;
        if (!expected.includes(status)) unexpected++;
        return json as any;
      } catch {
        byStatus.network = (byStatus.network ?? 0) + 1;
        unexpected++;
        return null;
      }
    }

    async function connection(i: number) {
      let n = 0;
      while (Date.now() < end) {
        n++;
        const roll = Math.random();
        if (roll < 0.45) {
          const q = n % 3 === 0 ? `&q=${encodeURIComponent(['fahad', 'noura', 'al-otaibi', 'sara'][n % 4]!)}` : '';
          await call('GET', `/services/crm/entities?page=${1 + (n % 20)}&size=20${q}`, null, [200]);
        } else if (roll < 0.7) {
          const pool = created.length && n % 4 === 0 ? created : ids;
          await call('GET', `/services/crm/entities/${pool[Math.floor(Math.random() * pool.length)]}`, null, [200]);
        } else if (roll < 0.9) {
          const json = await call(
            'POST',
            '/services/crm/entities/client',
            {
              nameEn: `Soak ${i}-${n}`,
              nameAr: 'عميل اختبار التحمل',
              email: `soak.${i}.${n}.${crypto.randomBytes(2).toString('hex')}@example.sa`,
              nationalityCode: 'SA',
            },
            [201],
          );
          const id = json?.data?.id ?? json?.id;
          if (id) created.push(id);
        } else {
          const id = created.length ? created[Math.floor(Math.random() * created.length)]! : ids[n % ids.length]!;
          const to = (statusOf.get(id) ?? 'Active') === 'Active' ? 'Blocked' : 'Active';
          statusOf.set(id, to);
          // Two connections may race on one entity: the loser's 409 is a correct answer.
          await call('PATCH', `/services/crm/entities/client/${id}/status`, { status: to, reason: 'soak' }, [200, 409]);
        }
      }
    }

    const curve: SoakSample[] = [];
    let maxConnections = 0;
    const t0 = Date.now();
    const sampler = (async () => {
      while (Date.now() < end) {
        const c = await sample.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [
          database,
        ]);
        maxConnections = Math.max(maxConnections, c.rows[0]!.n);
        const s: SoakSample = {
          t: Math.round((Date.now() - t0) / 1000),
          webRssMb: Math.round(rssKb(service!.web.pid!) / 1024),
          workerRssMb: Math.round(rssKb(service!.worker.pid!) / 1024),
          connections: c.rows[0]!.n,
          requests,
        };
        curve.push(s);
        log(`t=${String(s.t).padStart(4)} s  web ${s.webRssMb} MB  worker ${s.workerRssMb} MB  connections ${s.connections}  requests ${s.requests}`);
        await sleep(options.sampleEveryMs);
      }
    })();
    await Promise.all([...Array.from({ length: options.connections }, (_, i) => connection(i)), sampler]);
    await sample.end();

    const lines = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n') : [];
    const errors = lines.filter((l) => /"level":"error"/.test(l) || /^\s*(Error|TypeError|⨯)/.test(l));
    const serverErrors = Object.entries(byStatus)
      .filter(([s]) => /^5/.test(s))
      .reduce((n, [, c]) => n + c, 0);
    // web pool + worker application pool + graphile-worker's pool + the worker's liveness connection
    const connectionBound = 4 + (workerConcurrency + 2) + 10 + 1;
    const report: SoakReport = {
      seconds: options.seconds,
      connections: options.connections,
      requests,
      requestsPerSecond: Math.round(requests / options.seconds),
      byStatus,
      serverErrors,
      unexpected,
      logErrors: errors.length,
      logErrorSample: errors.slice(0, 5),
      rss: { webGrowthPct: growthPct(curve.map((s) => s.webRssMb)), workerGrowthPct: growthPct(curve.map((s) => s.workerRssMb)) },
      maxDatabaseConnections: maxConnections,
      connectionBound,
      curve,
      ok: false,
    };
    report.ok =
      serverErrors === 0 &&
      unexpected === 0 &&
      errors.length === 0 &&
      report.rss.webGrowthPct < 20 &&
      report.rss.workerGrowthPct < 20 &&
      maxConnections <= connectionBound;
    return report;
  } finally {
    if (service) await Promise.all([stopProcess(service.web, 'SIGTERM'), stopProcess(service.worker, 'SIGTERM')]);
    await db?.stop().catch(() => {});
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('scripts/drills/soak.ts')) {
  const started = Date.now();
  const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s] ${line}`);
  const seconds = Number(process.env.DRILL_SOAK_SECONDS ?? 600);
  const guard = setTimeout(
    () => {
      console.error('soak drill exceeded its time');
      process.exit(1);
    },
    (seconds + 300) * 1000,
  );
  guard.unref();
  runSoak({ seconds, connections: Number(process.env.DRILL_CONNECTIONS ?? 16), seedEntities: 2000, sampleEveryMs: 10_000, log }).then(
    (report) => {
      const { curve: _curve, ...summary } = report;
      console.log(JSON.stringify(summary, null, 2));
      const dir = path.join(process.cwd(), 'bench', 'results');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'drill-soak.json'), JSON.stringify({ at: new Date().toISOString(), ...report }, null, 2) + '\n');
      process.exit(report.ok ? 0 : 1);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
