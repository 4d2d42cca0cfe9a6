// Shared pieces of the benchmarks: a throwaway database, the production server, and a load run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startEmbeddedPostgres } from '@/lib/db/embedded';
import { applyMigrations } from '@/lib/db/migrate';
import { adminQuery, withDatabase } from '@/lib/db/admin';
import { buildNeeded } from '@/scripts/build-freshness';

export interface BenchDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * A fresh migrated database: on DATABASE_URL's server if set, else an embedded throwaway cluster
 * (with `settings` as extra server settings; ignored on DATABASE_URL's server).
 */
export async function startBenchDatabase({ settings }: { settings?: Record<string, string> } = {}): Promise<BenchDatabase> {
  const name = `crm_bench_${crypto.randomBytes(4).toString('hex')}`;
  if (process.env.DATABASE_URL) {
    const admin = withDatabase(process.env.DATABASE_URL, 'postgres');
    await adminQuery(admin, `CREATE DATABASE "${name}"`);
    const url = withDatabase(process.env.DATABASE_URL, name);
    await applyMigrations(url);
    return { url, stop: () => adminQuery(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-bench-pg-'));
  fs.chmodSync(dir, 0o755);
  const db = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), port: await freePort(), database: name, ephemeral: true, settings });
  await applyMigrations(db.url);
  return {
    url: db.url,
    stop: async () => {
      await db.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface BenchServer {
  baseUrl: string;
  /** The `next start` process: its CPU (with its children's) is `processTreeCpuSeconds(pid)`. */
  pid: number;
  stop(): Promise<void>;
}

/** Runs the production build (`next start`), building it first when there is none or the sources changed since (as `npm start`). */
export async function startBenchServer({ databaseUrl, env = {} }: { databaseUrl: string; env?: Record<string, string> }): Promise<BenchServer> {
  const root = process.cwd();
  if (buildNeeded(root)) {
    const built = spawnSync(path.join(root, 'node_modules', '.bin', 'next'), ['build'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('next build failed');
  }
  const port = await freePort();
  const child: ChildProcess = spawn(path.join(root, 'node_modules', '.bin', 'next'), ['start', '-p', String(port), '-H', '127.0.0.1'], {
    // BENCH_SERVER_LOG=<file>: the server's standard output there (e.g. V8's GC trace, set by a preloaded
    // script through v8.setFlagsFromString: NODE_OPTIONS refuses --trace-gc), else dropped.
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? fs.openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? 'bench-secret-bench-secret-bench-secret',
      ...env,
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('next start exited early');
    try {
      const res = await fetch(`${baseUrl}/services/crm/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

export interface LoadResult {
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** autocannon for a bounded time; `requests` rotates through several paths. */
export async function runLoad({
  url,
  connections = 32,
  durationSec = 10,
  headers = {},
  paths,
}: {
  url: string;
  connections?: number;
  durationSec?: number;
  headers?: Record<string, string>;
  paths?: string[];
}): Promise<LoadResult> {
  let i = 0;
  const result = await autocannon({
    url,
    connections,
    duration: durationSec,
    headers,
    requests: paths ? [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: paths[i++ % paths.length]! }) } as autocannon.Request] : undefined,
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

/** Count and percentiles (ms, one decimal) of latencies measured by a benchmark itself. */
export function latencySummary(values: number[]): { count: number; p50: number; p90: number; p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN) * 10) / 10;
  return { count: sorted.length, p50: at(0.5), p90: at(0.9), p99: at(0.99) };
}

/** CPU seconds (user + system) used so far by each process whose command line matches `pattern`, by pid. */
export function cpuSecondsOf(pattern: RegExp): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!pattern.test(cmd)) continue;
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/**
 * CPU seconds (user + system) used so far by a process and all its descendants. Unlike a match on
 * the command line, this counts only our own server, not another Next.js server on the same host.
 */
export function processTreeCpuSeconds(rootPid: number): number {
  const stats = new Map<number, { ppid: number; seconds: number }>();
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      stats.set(Number(pid), { ppid: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / 100 });
    } catch {
      // the process ended meanwhile
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid, hops = 0; p && hops < 64; p = stats.get(p)?.ppid, hops++) if (p === rootPid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, { seconds }] of stats) if (inTree(pid)) total += seconds;
  return total;
}

/**
 * CPU seconds used so far by the PostgreSQL processes serving the database at `client` (its
 * backends and the cluster's background processes, from pg_stat_activity; needs a superuser).
 */
export async function postgresCpuSeconds(client: { query: (sql: string) => Promise<{ rows: { pid: number }[] }> }): Promise<Map<number, number>> {
  const { rows } = await client.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() OR datname IS NULL`);
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // the backend ended meanwhile
    }
  }
  return out;
}

/** CPU seconds used between two snapshots by the processes alive at the second (one that ended in between is left out). */
export function cpuSecondsBetween<K>(before: Map<K, number>, after: Map<K, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/**
 * A load run that also reports where the CPU went, in milliseconds per request: the server (the
 * Next.js server unless `server` names another command line), PostgreSQL's processes and this
 * process (the load generator).
 */
export async function runLoadWithCpu(
  options: Parameters<typeof runLoad>[0],
  server: RegExp = /^next-server/,
): Promise<LoadResult & { cpuMsPerRequest: { server: number; postgres: number; loadGenerator: number } }> {
  const before = { server: cpuSecondsOf(server), pg: cpuSecondsOf(/^postgres/), self: process.cpuUsage() };
  const result = await runLoad(options);
  const self = process.cpuUsage(before.self);
  const per = (seconds: number) => Math.round((seconds * 1000 * 100) / Math.max(1, result.requests)) / 100;
  return {
    ...result,
    cpuMsPerRequest: {
      server: per(cpuSecondsBetween(before.server, cpuSecondsOf(server))),
      postgres: per(cpuSecondsBetween(before.pg, cpuSecondsOf(/^postgres/))),
      loadGenerator: per((self.user + self.system) / 1e6),
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export function writeResult(name: string, data: unknown): void {
  const dir = path.join(process.cwd(), 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, `${name}.json`),
    JSON.stringify({ at: new Date().toISOString(), machine: `${os.cpus().length} cores`, ...(data as object) }, null, 2) + '\n',
  );
}
