/**
 * `npm run bench:bulk`: bulk onboarding with ongoing monitoring, then delta monitoring of a list update.
 *
 *  1. Loads BENCH_LIST_ENTRIES (default 1,000,000) generated entries into ListSourceA: the generator and
 *     seed of bench:screening (bench/lib/watchlist-generator.ts), so the same names.
 *  2. Enrolls BENCH_CLIENTS (default 100,000) monitored clients in BENCH_REQUESTS (default 100) bulk
 *     requests through createBulkJob (what POST /entities/client/bulk calls), processed by a worker
 *     process (`scripts/worker.ts`, WORKER_CONCURRENCY 2). Each client is screened at creation in its
 *     chunk's transaction. Figure: clients enrolled and screened per second, first request → last job
 *     Completed. About 1% of the clients carry a listed person's name (another spelling or the Arabic one).
 *  3. A list update: the whole list re-imported through importWatchlist with BENCH_CHANGED (default
 *     1,000) entries changed (a fifth of them gain the name of a monitored client as an alias), then its
 *     change set screened against the monitored clients (screenWatchlistImport, the `monitoring.import`
 *     task, run here in-process with the worker stopped so that the time is its own). Figures: import
 *     time, screening time (target < 60 s), candidate pairs, new and updated matches.
 *
 * Also measured: the CPU seconds of the database server and the worker per client (the figure a shared
 * host disturbs least), each chunk's search and write time (the worker's 'bulk chunk' log lines), one
 * batch of 50 clients profiled statement by statement (BENCH_PROFILE=0 skips it), and the reverse
 * lookup compared with the former one (BENCH_COMPARE_REVERSE=0 skips it): pairs, matches lost and gained, time
 * as the owner and as crm_app, plans in bench/results/bulk-reverse-explain.txt. BENCH_PG_STATEMENTS=1
 * adds pg_stat_statements during enrolment: planning and execution time per client of each statement
 * (bench/results/bulk-statements.txt).
 *
 * BENCH_DELTA_ONLY=1 measures step 3 on its own at the full number of clients: step 2 then creates the
 * clients and writes their monitoring keys (insertClients, replaceMonitoredKeys) without screening them.
 * BENCH_KEEP_DB=1 keeps the database after the run; BENCH_ATTACH_URL runs another list update on it
 * (BENCH_UPDATE_ROUND). BENCH_DATA_NAME names the data folder under .data (default bench-bulk).
 *
 * Sizes are configurable for a smaller first run. Time is bounded by BENCH_MAX_SECONDS (default 2400):
 * past it the run stops, says so, and cleans up. Starts an embedded PostgreSQL on 127.0.0.1:BENCH_PG_PORT
 * (default 54396) under .data/bench-bulk (deleted afterwards). Writes bench/results/bulk.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { startEmbeddedPostgres } from '@/lib/db/embedded';
import { applyMigrations } from '@/lib/db/migrate';
import { closeDatabase, getPool, useDatabase } from '@/lib/db/client';
import { createBulkJob } from '@/lib/bulk/create-bulk-job';
import { insertClients, screeningInputOf, type ClientToCreate } from '@/lib/bulk/insert-clients';
import { replaceMonitoredKeys } from '@/lib/monitoring/monitored-keys';
import { validateItems } from '@/lib/bulk/validate-items';
import { withTenant } from '@/lib/db/tenant-tx';
import { setTenantQuota } from '@/lib/bulk/quota';
import { reverseCandidates, screenWatchlistImport } from '@/lib/monitoring/screen-import';
import { loadEntityScreeningInputs } from '@/lib/monitoring/entity-inputs';
import { screenInputs } from '@/lib/monitoring/screen-entities';
import { withTenantConnection, type SqlQueryable } from '@/lib/db/sql';
import { loadEntries } from '@/lib/screening/candidates';
import { scoreEntries } from '@/lib/screening/screen';
import { loadTenantThresholds } from '@/lib/screening/thresholds';
import { importWatchlist, insertEntries, toEntryRow, type EntryRowInsert } from '@/lib/screening/watchlist-import';
import type { ImportedEntry } from '@/lib/screening/parsers/types';
import { createTestTenant } from '@/scripts/testing/factories';
import { AR_GIVEN, generate, pick, resetGenerator, rnd, type Gen } from './lib/watchlist-generator';

const ROOT = path.resolve(import.meta.dirname, '..');
const LIST = Number(process.env.BENCH_LIST_ENTRIES ?? 1_000_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const CHANGED = Number(process.env.BENCH_CHANGED ?? 1000);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 2400);
const PORT = Number(process.env.BENCH_PG_PORT ?? 54396);
const WORKERS = process.env.WORKER_CONCURRENCY ?? '2';
/**
 * BENCH_DELTA_ONLY=1: the monitored clients are created and their lookup keys written set-based, through
 * the code a bulk chunk uses (insertClients, replaceMonitoredKeys), but not screened at enrolment, so
 * that the list update can be measured at the full number of monitored clients within minutes.
 */
const DELTA_ONLY = process.env.BENCH_DELTA_ONLY === '1';
/** BENCH_KEEP_DB=1: at the end the database stays up (until SIGTERM/SIGINT) for profiling; its URL is printed. */
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
/**
 * BENCH_ATTACH_URL: a database kept by an earlier run of the same sizes (BENCH_KEEP_DB=1): list and
 * clients are reused and only a list update runs, round BENCH_UPDATE_ROUND (1, 2, …: other entries
 * changed than in the earlier rounds), e.g. to measure a change of the delta code at the full size.
 */
const ATTACH_URL = process.env.BENCH_ATTACH_URL ?? '';
const UPDATE_ROUND = Number(process.env.BENCH_UPDATE_ROUND ?? 0);
/** BENCH_PG_STATEMENTS=1: pg_stat_statements during enrolment (planning and execution per statement, per client). */
const PG_STATEMENTS = process.env.BENCH_PG_STATEMENTS === '1';
const started = Date.now();
const elapsed = () => (Date.now() - started) / 1000;
const log = (...a: unknown[]) => console.log(`[${elapsed().toFixed(0).padStart(5)}s]`, ...a);
/** The host's load average (1, 5, 15 min) now: recorded with every figure (the host is shared). */
const loadAverage = () => os.loadavg().map((x) => +x.toFixed(2));
const ACTOR = { type: 'system' as const, id: 'bench-bulk' };

// Loaded without these (as bench:screening does), then indexed once: far faster than indexing row by row.
const DEFERRED_INDEXES = [
  [
    `ALTER TABLE "WatchlistLookupKey" DROP CONSTRAINT IF EXISTS "WatchlistLookupKey_pkey"`,
    `ALTER TABLE "WatchlistLookupKey" ADD CONSTRAINT "WatchlistLookupKey_pkey" PRIMARY KEY ("nameKeyId", key)`,
  ],
  [
    `DROP INDEX IF EXISTS "WatchlistLookupKey_tenantId_key_source_entryType_nameKeyId_idx"`,
    `CREATE INDEX "WatchlistLookupKey_tenantId_key_source_entryType_nameKeyId_idx" ON "WatchlistLookupKey"("tenantId", key, source, "entryType", "nameKeyId")`,
  ],
  [`DROP INDEX IF EXISTS "WatchlistNameKey_key_idx"`, `CREATE INDEX "WatchlistNameKey_key_idx" ON "WatchlistNameKey" USING GIN ("key" gin_trgm_ops)`],
  [`DROP INDEX IF EXISTS "WatchlistNameKey_entryId_idx"`, `CREATE INDEX "WatchlistNameKey_entryId_idx" ON "WatchlistNameKey"("entryId")`],
] as const;

let worker: ChildProcess | null = null;
let stopDatabase: (() => Promise<void>) | null = null;

function startWorker(url: string, logFile: string): ChildProcess {
  // its 'bulk chunk' lines (info) say where each chunk's time went: summed at the end
  const out = fs.openSync(logFile, 'a');
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/worker.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', out, 'inherit'],
    env: { ...process.env, DATABASE_URL: url, WORKER_CONCURRENCY: WORKERS, LOG_LEVEL: 'info' },
  });
  fs.closeSync(out);
  return child;
}

/** Sums of the worker's 'bulk chunk' log lines: forward search (before the transaction) and writes. */
function chunkTimes(logFile: string): { chunks: number; searchSeconds: number; writeSeconds: number } {
  let chunks = 0;
  let search = 0;
  let write = 0;
  for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('"bulk chunk"')) continue;
    try {
      const j = JSON.parse(line);
      chunks++;
      search += j.searchMs ?? 0;
      write += j.writeMs ?? 0;
    } catch {}
  }
  return { chunks, searchSeconds: +(search / 1000).toFixed(1), writeSeconds: +(write / 1000).toFixed(1) };
}

const TICK = 100; // clock ticks per second (Linux)
/** CPU seconds (user + system, with reaped children) of processes: by process group or parent. */
function cpuSeconds(match: (stat: { pid: number; ppid: number; pgrp: number }) => boolean): number {
  let total = 0;
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const raw = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
      const stat = { pid: Number(d), ppid: Number(f[1]), pgrp: Number(f[2]) };
      if (match(stat)) total += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICK;
    } catch {}
  }
  return total;
}

/** CPU seconds so far of the database server (postmaster and its backends) and of the worker's process group. */
function serviceCpu(dataDir: string): { db: number; worker: number } {
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const workerGroup = worker?.pid ?? -1;
  return {
    db: cpuSeconds((s) => s.pid === postmaster || s.ppid === postmaster),
    worker: cpuSeconds((s) => s.pgrp === workerGroup),
  };
}

async function stopWorker(): Promise<void> {
  const child = worker;
  worker = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {}
    }, 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

async function cleanup() {
  await stopWorker();
  await closeDatabase().catch(() => {});
  await stopDatabase?.().catch(() => {});
}

/** A generated person for a client: Arabic given names and a family, in both scripts. */
function person(): { nameEn: string; nameAr: string } {
  const given = [pick(AR_GIVEN), pick(AR_GIVEN), pick(AR_GIVEN)];
  const family = pick(['Harbi', 'Qahtani', 'Dosari', 'Shammari', 'Otaibi', 'Ghamdi', 'Zahrani', 'Mutairi', 'Anazi', 'Shehri', 'Tamimi', 'Hashimi']);
  const familyAr = {
    Harbi: 'الحربي',
    Qahtani: 'القحطاني',
    Dosari: 'الدوسري',
    Shammari: 'الشمري',
    Otaibi: 'العتيبي',
    Ghamdi: 'الغامدي',
    Zahrani: 'الزهراني',
    Mutairi: 'المطيري',
    Anazi: 'العنزي',
    Shehri: 'الشهري',
    Tamimi: 'التميمي',
    Hashimi: 'الهاشمي',
  }[family]!;
  // Names repeat across 100,000 people, as in a real customer file; date of birth and identity tell them apart.
  return { nameEn: `${given.map((g) => pick(g[1])).join(' ')} Al-${family}`, nameAr: `${given.map((g) => g[0]).join(' ')} ${familyAr}` };
}

function listedPerson(g: Gen): { nameEn: string; nameAr: string } {
  const { given, family } = g.parts!;
  return { nameEn: [...given.map((x) => pick(x[1])), family[0]].join(' '), nameAr: family[1] ? [...given.map((x) => x[0]), family[1]].join(' ') : '' };
}

let deadline: NodeJS.Timeout | undefined;
let databaseUrl = '';
const getDatabaseUrlForLog = () => databaseUrl;

async function main() {
  deadline = setTimeout(() => {
    console.error(`BENCH_MAX_SECONDS (${MAX_SECONDS} s) reached: stopping.`);
    void cleanup().finally(() => process.exit(2));
  }, MAX_SECONDS * 1000);
  deadline.unref();

  const dir = path.join(ROOT, '.data', process.env.BENCH_DATA_NAME ?? 'bench-bulk');
  let url = ATTACH_URL;
  if (!ATTACH_URL) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const embedded = await startEmbeddedPostgres({
      dataDir: path.join(dir, 'pg'),
      port: PORT,
      ephemeral: true,
      database: 'bulk_bench',
      settings: PG_STATEMENTS ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track_planning': 'on' } : {},
    });
    stopDatabase = () => embedded.stop();
    url = embedded.url;
  }
  databaseUrl = url;
  // attached: a database kept by an earlier run (BENCH_KEEP_DB=1), migrated now if the code has new migrations
  await applyMigrations(url, () => {}, { migrationsDir: path.join(ROOT, 'prisma/migrations') });
  await useDatabase(url);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`SELECT set_config('app.scope', 'platform', false)`);

  // ------------------------------------------------ 1. the list
  if (!ATTACH_URL) for (const [drop] of DEFERRED_INDEXES) await admin.query(drop);
  await admin.query('SET synchronous_commit = off');
  resetGenerator();
  const samples: Gen[] = [];
  const loadStart = Date.now();
  for (let b = 0; b < LIST; b += 5000) {
    const rows: EntryRowInsert[] = [];
    for (let i = b; i < Math.min(LIST, b + 5000); i++) {
      const g = generate(i);
      rows.push(toEntryRow(g.entry, 'ListSourceA', null));
      // The same draw as bench:screening's query sampling, so the sequence (and the list) is its own.
      if (g.parts && rnd() < 0.002) samples.push(g);
    }
    if (ATTACH_URL) continue; // the attached database holds the list: only its generated sequence is needed
    await insertEntries(admin, rows, 5000);
    if ((b / 5000) % 40 === 0) log(`list: ${(b + rows.length).toLocaleString()} entries`);
  }
  if (!ATTACH_URL) {
    await admin.query(`SET maintenance_work_mem = '1GB'`);
    for (const [, sql] of DEFERRED_INDEXES) await admin.query(sql);
    await admin.query('ANALYZE "WatchlistEntry"; ANALYZE "WatchlistNameKey"');
    // sets the visibility map too, so key lookups are index-only scans (as after autovacuum)
    await admin.query('VACUUM ANALYZE "WatchlistLookupKey"');
  }
  const listSeconds = (Date.now() - loadStart) / 1000;
  log(
    ATTACH_URL
      ? `list: ${LIST.toLocaleString()} entries regenerated in ${listSeconds.toFixed(0)} s (the attached database holds them)`
      : `list: ${LIST.toLocaleString()} entries loaded and indexed in ${listSeconds.toFixed(0)} s; ${samples.length} listed people to enroll`,
  );
  await admin.query('DELETE FROM graphile_worker._private_jobs').catch(() => {});

  // ------------------------------------------------ 2. bulk onboarding
  const tenant = ATTACH_URL
    ? (await admin.query<{ id: string; slug: string }>(`SELECT id, slug FROM "Tenant" WHERE slug = 'bench-bulk'`)).rows[0]!
    : await createTestTenant({ slug: 'bench-bulk' });
  if (!ATTACH_URL) await setTenantQuota({ slug: tenant.slug, soft: CLIENTS * 2, hard: CLIENTS * 2 });
  resetGenerator(777);
  const perRequest = Math.ceil(CLIENTS / REQUESTS);
  const listedEvery = Math.max(1, Math.floor(CLIENTS / Math.max(1, Math.min(samples.length, Math.floor(CLIENTS / 100)))));
  let sampleIndex = 0;
  const clientNames: string[] = [];
  const bodies = Array.from({ length: REQUESTS }, (_, r) =>
    Array.from({ length: Math.max(0, Math.min(perRequest, CLIENTS - r * perRequest)) }, (_, k) => {
      const i = r * perRequest + k;
      const listed = i % listedEvery === 0 && sampleIndex < samples.length ? listedPerson(samples[sampleIndex++]!) : null;
      const names = listed ?? person();
      clientNames.push(names.nameEn);
      return {
        nameEn: names.nameEn,
        ...(names.nameAr ? { nameAr: names.nameAr } : {}),
        dobGregorian: `${1950 + (i % 50)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
        nationalityCode: 'SA',
        gender: i % 2 ? 'Male' : 'Female',
        ongoingMonitoring: true,
        identities: [{ number: `1${String(i).padStart(9, '0')}` }],
      };
    }),
  ).filter((b) => b.length > 0);

  const workerLog = path.join(dir, 'worker.log');
  fs.writeFileSync(workerLog, '');
  if (!DELTA_ONLY) worker = startWorker(url, workerLog);
  const pgDir = path.join(dir, 'pg');
  if (PG_STATEMENTS) await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements; SELECT pg_stat_statements_reset()');
  const cpuAtStart = serviceCpu(pgDir);
  const loadAtBulkStart = loadAverage();
  const bulkStart = Date.now();
  const jobIds: string[] = [];
  if (ATTACH_URL) log(`bulk: attached to a kept database: its ${CLIENTS.toLocaleString()} monitored clients are reused`);
  else if (DELTA_ONLY) {
    log(
      'bulk: BENCH_DELTA_ONLY=1: the clients are created and their monitoring lookup keys written (insertClients and ' +
        'replaceMonitoredKeys, as a bulk chunk writes them) WITHOUT the forward screening at enrolment: no enrolment matches, ' +
        'no enrolment figure. This mode measures the list update (delta) on its own; the normal mode measures enrolment.',
    );
    await enrolKeysOnly(tenant.id, bodies);
  }
  for (const clients of DELTA_ONLY ? [] : bodies) {
    const answer = await createBulkJob({ tenantId: tenant.id, input: { clients } as never, actor: ACTOR });
    jobIds.push(answer.jobId);
  }
  const submitSeconds = (Date.now() - bulkStart) / 1000;
  if (!DELTA_ONLY) log(`bulk: ${bodies.length} requests accepted in ${submitSeconds.toFixed(1)} s`);
  while (!DELTA_ONLY) {
    const { rows } = await admin.query(
      `SELECT count(*) FILTER (WHERE status IN ('Completed', 'CompletedWithErrors', 'Failed'))::int AS done, coalesce(sum(processed), 0)::int AS processed, coalesce(sum(failed), 0)::int AS failed
         FROM "BulkJob" WHERE "tenantId" = $1`,
      [tenant.id],
    );
    const s = rows[0];
    if (s.done === jobIds.length) break;
    if (Math.round(elapsed()) % 30 === 0)
      log(`bulk: ${s.processed.toLocaleString()} of ${CLIENTS.toLocaleString()} processed (load ${loadAverage().join(' ')})`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const bulkSeconds = (Date.now() - bulkStart) / 1000;
  const counts = (
    await admin.query(
      `SELECT (SELECT count(*)::int FROM "Entity" WHERE "tenantId" = $1) AS entities,
              (SELECT count(*)::int FROM "Match" WHERE "tenantId" = $1) AS matches,
              (SELECT count(*)::int FROM "Case" WHERE "tenantId" = $1) AS cases,
              (SELECT coalesce(sum(failed), 0)::int FROM "BulkJob" WHERE "tenantId" = $1) AS failed`,
      [tenant.id],
    )
  ).rows[0];
  const perSecond = DELTA_ONLY ? null : counts.entities / bulkSeconds;
  const loadAtBulkEnd = loadAverage();
  const cpuAtEnd = serviceCpu(pgDir);
  const cpu = {
    dbSeconds: +(cpuAtEnd.db - cpuAtStart.db).toFixed(1),
    workerSeconds: +(cpuAtEnd.worker - cpuAtStart.worker).toFixed(1),
    msPerClient: +((1000 * (cpuAtEnd.db - cpuAtStart.db + cpuAtEnd.worker - cpuAtStart.worker)) / Math.max(1, counts.entities)).toFixed(2),
  };
  const chunks = chunkTimes(workerLog);
  const statements = PG_STATEMENTS && !DELTA_ONLY ? await enrolmentStatements(admin, counts.entities) : null;
  if (!ATTACH_URL) log(`bulk: CPU ${JSON.stringify(cpu)} (the least disturbed figure on a shared host); chunk time ${JSON.stringify(chunks)}`);
  if (!ATTACH_URL)
    log(
      DELTA_ONLY
        ? `bulk (delta only): ${counts.entities.toLocaleString()} monitored clients created with their lookup keys, NOT screened, in ${bulkSeconds.toFixed(1)} s (not an enrolment figure)`
        : `bulk: ${counts.entities.toLocaleString()} clients enrolled and screened in ${bulkSeconds.toFixed(1)} s = ${perSecond!.toFixed(0)}/s; ${counts.matches} matches in ${counts.cases} cases; ${counts.failed} failed items`,
    );
  await stopWorker();
  // As autovacuum does after a bulk load (here it may lag behind on a loaded host): statistics for the
  // planner and the visibility map for index-only scans of the reverse lookup keys.
  const vacuumStart = Date.now();
  await admin.query('VACUUM ANALYZE "MonitoredLookupKey", "MonitoredNameKey", "Match", "Case", "Entity"');
  log(`bulk: monitored keys vacuumed and analyzed in ${((Date.now() - vacuumStart) / 1000).toFixed(1)} s`);
  const profile = process.env.BENCH_PROFILE === '0' || DELTA_ONLY ? null : await profileChunk(tenant.id);

  // ------------------------------------------------ 3. a list update
  // The whole list again (same generator), with CHANGED entries changed: a fifth gain a monitored client's name.
  resetGenerator();
  const entries: ImportedEntry[] = [];
  for (let i = 0; i < LIST; i++) {
    const g = generate(i);
    if (g.parts) rnd();
    entries.push(g.entry);
  }
  const step = Math.max(1, Math.floor(LIST / CHANGED));
  // Round k (BENCH_UPDATE_ROUND, on an attached database) changes other entries (offset 3 + 7k) with
  // the changes of the earlier rounds kept, so that its change set is its own CHANGED entries.
  for (let round = 0; round <= UPDATE_ROUND; round++) {
    let changed = 0;
    for (let i = 3 + 7 * round; i < LIST && changed < CHANGED; i += step, changed++) {
      const e = entries[i]!;
      if (changed % 5 === 0) e.names = [...e.names, { value: clientNames[(changed * 97 + round * 31) % clientNames.length]!, kind: 'Alias' }];
      else if (changed % 5 === 1) e.dobs = ['1961-01-01'];
      else e.names = [...e.names, { value: `${e.names[0]!.value} ${['Jr', 'Senior', 'Abu Ali'][changed % 3]}`, kind: 'Alias' }];
    }
  }
  const importer = new pg.Client({ connectionString: url });
  await importer.connect();
  const importStart = Date.now();
  const imported = await importWatchlist({ db: importer, source: 'ListSourceA', tenantId: null, format: 'json', fileName: 'bench-update.json', entries });
  const importSeconds = (Date.now() - importStart) / 1000;
  await importer.end();
  entries.length = 0;
  log(`update: imported in ${importSeconds.toFixed(1)} s: ${imported.updated} updated, ${imported.added} added, ${imported.deprecated} deprecated`);
  // The trigger queued monitoring.import for the worker; it is run here instead (worker stopped).
  await admin.query(`DELETE FROM graphile_worker._private_jobs WHERE key = $1`, [`monitoring.import:${imported.importId}`]).catch(() => {});
  const screenStart = Date.now();
  const deltaCpuStart = { db: serviceCpu(pgDir).db, bench: process.cpuUsage() };
  const loadAtUpdateStart = loadAverage();
  const summary = await screenWatchlistImport({ importId: imported.importId });
  const screenSeconds = (Date.now() - screenStart) / 1000;
  const benchCpu = process.cpuUsage(deltaCpuStart.bench);
  // CPU seconds of the delta: the database server, and this process (where the task ran)
  const deltaCpu = {
    dbSeconds: +(serviceCpu(pgDir).db - deltaCpuStart.db).toFixed(1),
    taskSeconds: +((benchCpu.user + benchCpu.system) / 1e6).toFixed(1),
  };
  const loadAtUpdateEnd = loadAverage();
  const events = (
    await admin.query(`SELECT count(*)::int AS n FROM "OutboxEvent" WHERE type = 'MonitoredEntityUpdate' AND "createdAt" >= to_timestamp($1 / 1000.0)`, [
      screenStart,
    ])
  ).rows[0].n;
  const compare = process.env.BENCH_COMPARE_REVERSE === '0' ? null : await compareReverse(imported.importId, admin);
  log(
    `update: change set of ${summary.entries} entries screened against ${counts.entities.toLocaleString()} monitored clients in ${screenSeconds.toFixed(1)} s ` +
      `(lookup ${(summary.lookupMs / 1000).toFixed(1)} s, scoring ${(summary.scoreMs / 1000).toFixed(1)} s, storing ${(summary.recordMs / 1000).toFixed(1)} s; ` +
      `CPU: database ${deltaCpu.dbSeconds} s, task ${deltaCpu.taskSeconds} s; load ${loadAtUpdateStart.join(' ')} → ${loadAtUpdateEnd.join(' ')}); ` +
      `${summary.candidatePairs} candidate pairs; changes ${JSON.stringify(summary.changes)}; ${events} MonitoredEntityUpdate events`,
  );

  const result = {
    measuredAt: new Date().toISOString(),
    mode: DELTA_ONLY
      ? 'delta only (BENCH_DELTA_ONLY=1): clients created with their monitoring lookup keys, not screened at enrolment; the bulk figures are not enrolment figures'
      : 'full',
    sizes: { listEntries: LIST, clients: CLIENTS, requests: bodies.length, changed: CHANGED, workerConcurrency: Number(WORKERS) },
    list: { seconds: listSeconds },
    bulk: DELTA_ONLY
      ? { keysOnlySeconds: bulkSeconds, ...counts, cpu }
      : { submitSeconds, seconds: bulkSeconds, clientsPerSecond: perSecond, ...counts, cpu, chunks, profile, statements, target: '>= 200 clients/s' },
    update: { round: UPDATE_ROUND, importSeconds, ...imported, screenSeconds, ...summary, cpu: deltaCpu, events, compare, target: '< 60 s' },
    loadAverage: { bulkStart: loadAtBulkStart, bulkEnd: loadAtBulkEnd, updateStart: loadAtUpdateStart, updateEnd: loadAtUpdateEnd },
    runId: randomUUID(),
  };
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/results/bulk.json'), JSON.stringify(result, null, 2));
  console.log(JSON.stringify(result, null, 2));
  await admin.end();
}

/**
 * BENCH_PG_STATEMENTS=1: where the database's time went during enrolment, from pg_stat_statements
 * (reset when the first request is accepted): the statements with the most planning plus execution
 * time, in milliseconds per enrolled client; all of them in bench/results/bulk-statements.txt.
 */
async function enrolmentStatements(db: pg.Client, clients: number) {
  const { rows } = await db.query<{ query: string; calls: string; plan: number; exec: number; rows: string }>(
    `SELECT query, calls, total_plan_time AS plan, total_exec_time AS exec, rows FROM pg_stat_statements
      WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_plan_time + total_exec_time DESC`,
  );
  const per = (ms: number) => +(ms / Math.max(1, clients)).toFixed(3);
  const all = rows.map((r) => ({
    planMs: per(r.plan),
    execMs: per(r.exec),
    calls: Number(r.calls),
    rows: Number(r.rows),
    query: r.query.replace(/\s+/g, ' '),
  }));
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(ROOT, 'bench/results/bulk-statements.txt'),
    all.map((s) => `plan ${s.planMs} ms + exec ${s.execMs} ms per client, ${s.calls} calls, ${s.rows} rows: ${s.query}`).join('\n\n') + '\n',
  );
  const total = { planMs: per(rows.reduce((a, r) => a + r.plan, 0)), execMs: per(rows.reduce((a, r) => a + r.exec, 0)) };
  const top = all.slice(0, 15).map((s) => ({ ...s, query: s.query.slice(0, 100) }));
  log(`bulk: pg_stat_statements per client: ${JSON.stringify(total)}; top: ${JSON.stringify(top)}`);
  return { perClient: total, top };
}

/**
 * BENCH_DELTA_ONLY: each request's clients created in tenant transactions of 100 as a bulk chunk creates
 * them (insertClients) and their monitoring lookup keys written as it writes them (replaceMonitoredKeys),
 * without the forward search; two transactions at a time.
 */
async function enrolKeysOnly(tenantId: string, bodies: Record<string, unknown>[][]): Promise<void> {
  let next = 0;
  let done = 0;
  const run = async () => {
    for (let r = next++; r < bodies.length; r = next++) {
      // validated as the bulk request validates its items (schema defaults, e.g. the identity type)
      const clients: ClientToCreate[] = validateItems(bodies[r]!).map((check) => {
        if (!check.ok) throw new Error(`bench client ${check.index} invalid: ${check.errors.join('; ')}`);
        return { entityId: randomUUID(), index: check.index, input: check.value };
      });
      // in chunks of 100, one transaction each, as the worker writes a job (a whole 1,000-client request
      // in one transaction outlasted the 30 s interactive-transaction timeout on a loaded host)
      const jobId = randomUUID();
      for (let c = 0; c < clients.length; c += 100) {
        await withTenant(tenantId, async (tx) => {
          const created = await insertClients(tx, { tenantId, jobId, clients: clients.slice(c, c + 100), batchTagIds: [], screenedAt: new Date() });
          const monitored = created.flatMap((x) => {
            const input = screeningInputOf(x);
            return input ? [{ entityId: x.entityId, ongoingMonitoring: true, input }] : [];
          });
          await replaceMonitoredKeys(tx, tenantId, monitored);
        });
      }
      if (++done % 10 === 0) log(`bulk (delta only): ${done} of ${bodies.length} requests' clients and keys written (load ${loadAverage().join(' ')})`);
    }
  };
  await Promise.all([run(), run()]);
}

/**
 * Where a chunk's forward search goes: BULK_SCREEN_BATCH (50) enrolled clients searched again as the
 * worker searches them (screenInputs, as crm_app in the tenant's scope), each statement timed; the
 * rest is TypeScript (keys, scoring). The slowest statement is then run under EXPLAIN (ANALYZE, BUFFERS)
 * and its plan written to bench/results/bulk-explain.txt.
 */
async function profileChunk(tenantId: string) {
  return withTenantConnection(tenantId, async (client) => {
    const { rows } = await client.query<{ id: string }>(`SELECT id FROM "Entity" WHERE "tenantId" = $1::uuid ORDER BY "crmId" LIMIT 50`, [tenantId]);
    const inputs = await loadEntityScreeningInputs(
      client,
      tenantId,
      rows.map((r) => r.id),
    );
    // twice: the first warms the caches as a running worker's are
    for (let round = 0; round < 2; round++) {
      const statements: { sql: string; params: unknown[]; ms: number; rows: number }[] = [];
      const recording: SqlQueryable = {
        query: async (sql, params = []) => {
          const t = performance.now();
          const r = await client.query(sql, params as unknown[]);
          statements.push({ sql, params: params as unknown[], ms: performance.now() - t, rows: r.rows.length });
          return r;
        },
      };
      const started = performance.now();
      await screenInputs(recording, tenantId, inputs);
      const totalMs = performance.now() - started;
      if (round === 0) continue;
      const sqlMs = statements.reduce((a, s) => a + s.ms, 0);
      const slowest = [...statements].sort((a, b) => b.ms - a.ms)[0]!;
      const plan = (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${slowest.sql}`, slowest.params)).rows.map((r) => r['QUERY PLAN']).join('\n');
      fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
      fs.writeFileSync(
        path.join(ROOT, 'bench/results/bulk-explain.txt'),
        `-- ${statements.length} statements for ${inputs.length} clients; the slowest (${slowest.ms.toFixed(0)} ms):\n${slowest.sql}\n\n${plan}\n`,
      );
      const out = {
        clients: inputs.length,
        totalMs: Math.round(totalMs),
        sqlMs: Math.round(sqlMs),
        typescriptMs: Math.round(totalMs - sqlMs),
        statements: statements.map((s) => ({ ms: Math.round(s.ms), rows: s.rows, head: s.sql.replace(/\s+/g, ' ').slice(0, 60) })),
      };
      log(`profile: ${JSON.stringify(out)}`);
      return out;
    }
    return null;
  });
}

/**
 * The reverse lookup against the former one (every monitored name sharing any key, the 500 most similar
 * per changed entry name): the pairs each takes, and of the pairs only one of them takes, those that
 * reach the review threshold when scored (matches lost by today's lookup, and matches only it finds).
 */
async function compareReverse(importId: string, db: pg.Client) {
  const started = Date.now();
  const ids = (
    await db.query<{ entryId: string }>(`SELECT "entryId" FROM "WatchlistImportChange" WHERE "importId" = $1::uuid AND change <> 'Deprecated'`, [importId])
  ).rows.map((c) => c.entryId);
  const key = (p: { tenantId: string; entityId: string; entryId: string }) => `${p.tenantId}|${p.entityId}|${p.entryId}`;
  const before = new Map<string, { tenantId: string; entityId: string; entryId: string }>();
  const afterPairs = new Map<string, { tenantId: string; entityId: string; entryId: string }>();
  let formerMs = 0;
  let nowMs = 0;
  for (let i = 0; i < ids.length; i += 250) {
    const batch = ids.slice(i, i + 250);
    let t = performance.now();
    for (const p of await formerReverseCandidates(db, batch)) before.set(key(p), p);
    formerMs += performance.now() - t;
    t = performance.now();
    for (const p of await reverseCandidates(db, batch)) afterPairs.set(key(p), p);
    nowMs += performance.now() - t;
  }
  // the same two lookups as the service runs them: crm_app in platform scope, under row-level security
  let formerAppMs = 0;
  let nowAppMs = 0;
  const app = await getPool().connect();
  // BENCH_COMPARE_APP=0: the pairs (and matches lost) and the plan of today's lookup only, without timing
  // both lookups again as crm_app (the former one takes minutes at 100,000 clients)
  const timeAsApp = process.env.BENCH_COMPARE_APP !== '0';
  try {
    await app.query('BEGIN');
    await app.query(`SELECT set_config('app.scope', 'platform', true)`);
    for (let i = 0; timeAsApp && i < ids.length; i += 250) {
      const batch = ids.slice(i, i + 250);
      let t = performance.now();
      await formerReverseCandidates(app, batch);
      formerAppMs += performance.now() - t;
      t = performance.now();
      await reverseCandidates(app, batch);
      nowAppMs += performance.now() - t;
    }
    // the plans of both for the first batch (the lookup functions run under EXPLAIN)
    const explain = (label: string) => ({
      query: async (sql: string, params: unknown[] = []) => {
        const r = await app.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
        plans.push(`-- ${label}\n${r.rows.map((x) => x['QUERY PLAN']).join('\n')}\n`);
        return { rows: [] };
      },
    });
    const plans: string[] = [];
    if (timeAsApp) await formerReverseCandidates(explain('former reverse lookup, crm_app, platform scope'), ids.slice(0, 250));
    await reverseCandidates(explain('reverse lookup (every monitored name sharing a key), crm_app, platform scope'), ids.slice(0, 250));
    fs.writeFileSync(path.join(ROOT, 'bench/results/bulk-reverse-explain.txt'), plans.join('\n'));
    await app.query('COMMIT');
  } finally {
    app.release();
  }
  const lost = [...before.entries()].filter(([k]) => !afterPairs.has(k)).map(([, p]) => p);
  const lostScored = await matchesAmong(db, lost);
  // and the other way: the pairs only today's lookup takes that reach the review threshold (matches
  // the former lookup's bound would have missed)
  const gained = [...afterPairs.entries()].filter(([k]) => !before.has(k)).map(([, p]) => p);
  const gainedScored = await matchesAmong(db, gained);
  const out = {
    formerPairs: before.size,
    pairs: afterPairs.size,
    onlyFormer: lost.length,
    onlyNow: gained.length,
    lostMatches: lostScored.count,
    lostExamples: lostScored.examples,
    gainedMatches: gainedScored.count,
    gainedExamples: gainedScored.examples,
    formerLookupSeconds: +(formerMs / 1000).toFixed(1),
    lookupSeconds: +(nowMs / 1000).toFixed(1),
    timedAsApp: timeAsApp,
    formerLookupSecondsAsApp: +(formerAppMs / 1000).toFixed(1),
    lookupSecondsAsApp: +(nowAppMs / 1000).toFixed(1),
    seconds: (Date.now() - started) / 1000,
  };
  log(`update: reverse lookup compared with the former one (as the owner, platform scope): ${JSON.stringify(out)}`);
  return out;
}

/** Of these (entity, entry) pairs, those that reach the review threshold when scored: their number and ten examples. */
async function matchesAmong(db: pg.Client, pairs: { tenantId: string; entityId: string; entryId: string }[]) {
  let count = 0;
  const examples: string[] = [];
  for (const [tenantId, tenantPairs] of Map.groupBy(pairs, (p) => p.tenantId)) {
    const thresholds = await loadTenantThresholds(db, tenantId);
    const entries = new Map((await loadEntries(db, [...new Set(tenantPairs.map((p) => p.entryId))])).map((e) => [e.id, e]));
    const byEntity = Map.groupBy(tenantPairs, (p) => p.entityId);
    const entityIds = [...byEntity.keys()];
    for (let i = 0; i < entityIds.length; i += 1000) {
      for (const { entityId, input } of await loadEntityScreeningInputs(db, tenantId, entityIds.slice(i, i + 1000))) {
        const candidates = byEntity.get(entityId)!.flatMap((p) => entries.get(p.entryId) ?? []);
        for (const c of scoreEntries(input, candidates, thresholds)) {
          count++;
          if (examples.length < 10) examples.push(`${input.name} ~ ${c.entry.nameEn} (${c.result.matchingScore})`);
        }
      }
    }
  }
  return { count, examples };
}

/** The reverse lookup of c5becb0: every monitored name sharing any key, the 500 most similar per changed name. */
async function formerReverseCandidates(db: SqlQueryable, entryIds: string[]) {
  const { rows } = await db.query<{ tenantId: string; entityId: string; entryId: string }>(
    `SELECT DISTINCT c."tenantId", c."entityId", w."entryId"
       FROM "WatchlistNameKey" w
       CROSS JOIN LATERAL (
         SELECT m."tenantId", m."entityId"
           FROM "MonitoredNameKey" m
          WHERE m.id IN (SELECT l."monitoredKeyId" FROM "MonitoredLookupKey" l
                          WHERE l.key = ANY(w."blockKeys") AND (w."tenantId" IS NULL OR l."tenantId" = w."tenantId"))
          ORDER BY similarity(m.key, w.key) DESC
          LIMIT 500) c
      WHERE w."entryId" = ANY($1::uuid[]) AND w."isValid"
     UNION
     SELECT m."tenantId", m."entityId", e.id
       FROM "WatchlistEntry" e
       JOIN "MonitoredLookupKey" l ON l.key = ANY(ARRAY(SELECT 'id:' || n FROM unnest(e."idNumbersNorm") n))
        AND (e."tenantId" IS NULL OR l."tenantId" = e."tenantId")
       JOIN "MonitoredNameKey" m ON m.id = l."monitoredKeyId"
      WHERE e.id = ANY($1::uuid[]) AND e."isValid" AND cardinality(e."idNumbersNorm") > 0`,
    [entryIds],
  );
  return rows;
}

/** BENCH_KEEP_DB=1: the database stays up after the run for profiling, until SIGTERM/SIGINT or BENCH_KEEP_SECONDS (default 3600). */
async function keepDatabase(): Promise<void> {
  if (!KEEP_DB) return;
  clearTimeout(deadline);
  await stopWorker();
  log(`database kept at ${getDatabaseUrlForLog()} (pid ${process.pid}); SIGTERM stops it`);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, Number(process.env.BENCH_KEEP_SECONDS ?? 3600) * 1000);
    const stop = () => {
      clearTimeout(timer);
      resolve();
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
}

main()
  .then(keepDatabase)
  .then(cleanup)
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    console.error(error);
    await cleanup();
    process.exit(1);
  });
