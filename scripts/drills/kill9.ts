/**
 * The kill -9 drill (`npm run drill:kill9`): load generators create clients, bank accounts,
 * transactions (credits into and debits from the clients' wallets, each with its own externalRef)
 * and status changes through the API, every POST/PATCH with its own Idempotency-Key, retrying the same
 * key and body after any error without an answer (connection refused or reset, timeout, 5xx, 409
 * IDEMPOTENCY_KEY_IN_USE), while the web process and the worker are SIGKILLed at random moments and
 * started again, DRILL_KILLS times (default 3). Afterwards it checks, and prints:
 *   - every acknowledged (2xx) write is in the database exactly once (clients by a name unique to
 *     the operation, bank accounts by IBAN, transactions by externalRef, status changes by their
 *     audit entries), and so is every write whose retry was told 409 IDEMPOTENCY_ANSWER_LOST (done,
 *     answer lost with the process);
 *   - every wallet's balance equals the sum of its acknowledged credits less its debits, and the sum
 *     of the transactions stored for it (a retry that moved money twice would show);
 *   - retries of unacknowledged writes created no duplicates (the same counts);
 *   - every outbox event reached the webhook receiver at least once;
 *   - no job is stuck: after the load it waits (up to 60 s) for the queue to drain, then reports the
 *     jobs still locked (and of those, the ones locked by a dead worker process: its liveness lock
 *     is free, lib/jobs/worker-liveness.ts), failed for good, or waiting to run; and how many jobs
 *     the restarted workers released from the killed ones (from the service log), among them two
 *     jobs per kill planted as the killed worker would have left them mid-run (plantOrphans).
 * Exit code 1 when a check fails.
 * Bounded by DRILL_MAX_SECONDS (default 600). Needs the production build (`npx next build`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startBenchDatabase, type BenchDatabase } from '@/bench/lib/server';
import { deadLockOwners } from '@/lib/jobs/worker-liveness';
import { saudiIban } from '@/scripts/testing/record-factories';
import { requireBuild, startService, stopProcess, waitForHealth, type ServiceProcesses } from './service';

export interface KillDrillOptions {
  kills: number;
  clients: number;
  /** Random wait before each kill, between these (ms). */
  minGapMs: number;
  maxGapMs: number;
  /** Load kept up after the last restart (ms). */
  tailMs: number;
  maxSeconds: number;
  log?: (line: string) => void;
}

export interface KillDrillReport {
  kills: { at: number; restartMs: number }[];
  operations: { creates: number; bankAccounts: number; transactions: number; statusChanges: number; total: number };
  attempts: number;
  unacknowledgedAttempts: number;
  replayed: number;
  /** Retries answered 409 CONFLICT / INVALID_STATUS_TRANSITION: the unacknowledged first attempt had committed. */
  settledByConflict: number;
  /** Retries answered 409 IDEMPOTENCY_ANSWER_LOST: the first attempt committed, its process died before storing the answer. */
  answerLost: number;
  missing: number;
  duplicates: number;
  /** Wallets whose balance differs from their acknowledged credits less debits, or from their stored transactions. */
  balances: { wallets: number; mismatched: number };
  /** Up to 5 jobs failed for good: task, attempts and last error. */
  failedJobs: { task: string; attempts: number; maxAttempts: number; lastError: string | null }[];
  outbox: { events: number; delivered: number; undelivered: number };
  jobs: {
    locked: number;
    lockedByDeadWorker: number;
    failed: number;
    waiting: number;
    drainMs: number;
    /** Jobs the restarted workers released from killed ones (service log), planted orphans included. */
    releasedFromKilledWorkers: number;
    /** Two jobs per kill, locked as the killed worker would have left them mid-run (plantOrphans); none may be left. */
    orphansPlanted: number;
    orphansLeft: number;
  };
  ok: boolean;
}

type Kind = 'create' | 'bankAccount' | 'transaction' | 'status';
interface Operation {
  kind: Kind;
  key: string;
  marker: string;
  entityId?: string;
  status?: 'Active' | 'Blocked';
  /** Transactions: the wallet and the signed amount in halalas. */
  vIban?: string;
  cents?: bigint;
  attempts: number;
  unacknowledged: number;
  final?: number;
  replayed?: boolean;
  errorCode?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Jobs exactly as a worker SIGKILLed in the middle of them leaves them, locked a minute ago by a
 * pool whose process is gone: one plain job, which must run again; and one that add_job superseded
 * while it ran (same job key: graphile-worker cleared its key and set attempts to max_attempts, as
 * the self-rescheduling `webhooks.maintain` does every run), which must go without counting as
 * failed. Which jobs a real kill interrupts is chance (often none), so each kill leaves both.
 */
async function plantOrphans(url: string, k: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const owner = `pool-drill-killed-${k}-${crypto.randomBytes(4).toString('hex')}`;
    for (const superseded of [false, true]) {
      const { rows } = await client.query<{ id: string }>(
        `SELECT id FROM graphile_worker.add_job('idempotency:expire', json_build_object('drillOrphan', $1::text), run_at => now() + interval '1 hour')`,
        [`${k}-${superseded ? 'superseded' : 'plain'}`],
      );
      await client.query(
        `UPDATE graphile_worker._private_jobs SET locked_by = $2, locked_at = now() - interval '1 minute', run_at = now() - interval '1 minute',
                attempts = CASE WHEN $3 THEN max_attempts ELSE 1 END WHERE id = $1`,
        [rows[0]!.id, owner, superseded],
      );
    }
  } finally {
    await client.end();
  }
}

export async function runKillDrill(options: KillDrillOptions): Promise<KillDrillReport> {
  requireBuild();
  const log = options.log ?? (() => {});
  const deadline = Date.now() + options.maxSeconds * 1000;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-drill-kill9-'));
  const logFile = path.join(workDir, 'service.log');
  let db: BenchDatabase | undefined;
  let service: ServiceProcesses | undefined;
  let receiverStop: (() => Promise<void>) | undefined;
  const previousUrl = process.env.DATABASE_URL;
  try {
    db = await startBenchDatabase();
    process.env.DATABASE_URL = db.url;
    process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
    const { useDatabase, closeDatabase } = await import('@/lib/db/client');
    await useDatabase(db.url);
    const { createTestTenant } = await import('@/scripts/testing/factories');
    const { registerWebhookEndpoint } = await import('@/lib/webhooks/endpoints');
    const { startReceiver } = await import('@/scripts/testing/webhooks/receiver');
    const tenant = await createTestTenant({ slug: `drill-${crypto.randomBytes(3).toString('hex')}` });
    const receiver = await startReceiver({ kind: 'ok' });
    receiverStop = () => receiver.close();
    const endpoint = await registerWebhookEndpoint({ tenantId: tenant.id, url: receiver.url, secret: 'drill-secret-0123456789', actor: { type: 'system' } });
    if (endpoint.status !== 'Active') throw new Error(`webhook endpoint not Active: ${endpoint.status}`);
    await closeDatabase();

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = {
      DATABASE_URL: db.url,
      LOG_LEVEL: 'warn',
      NEXTAUTH_URL: baseUrl,
      NEXTAUTH_SECRET: 'drill-secret-drill-secret-drill-secret',
      API_RATE_LIMIT_PER_SECOND: '100000',
      // A first request that died with its process frees its key after 3 s instead of 60.
      IDEMPOTENCY_LOCK_MS: '3000',
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      WEBHOOK_SWEEP_INTERVAL_MS: '2000',
      WEBHOOK_STALE_LOCK_MS: '5000',
      WEBHOOK_RETRY_DELAYS_MS: '1000,2000,4000,8000',
      WORKER_CONCURRENCY: '4',
      WORKER_RECOVERY_INTERVAL_MS: '2000',
    };
    service = startService({ port, env, logFile });
    await waitForHealth(baseUrl);
    log(`service up on ${baseUrl}`);

    const ops: Operation[] = [];
    let stopLoad = false;
    let serial = 0;

    /** One operation, retried with the same key and body until it has a definitive answer. */
    async function perform(op: Operation, method: string, url: string, body: unknown): Promise<{ status: number; json: any }> {
      ops.push(op);
      for (;;) {
        if (Date.now() > deadline) throw new Error('drill deadline');
        op.attempts++;
        try {
          const res = await fetch(`${baseUrl}${url}`, {
            method,
            headers: { 'content-type': 'application/json', 'idempotency-key': op.key, ...tenant.headers },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(15_000),
          });
          const json = await res.json().catch(() => null);
          if (res.status >= 500 || (res.status === 409 && json?.errorCode === 'IDEMPOTENCY_KEY_IN_USE') || res.status === 429) {
            op.unacknowledged++;
            await sleep(250);
            continue;
          }
          op.final = res.status;
          op.replayed = res.headers.get('idempotent-replayed') === 'true';
          op.errorCode = json?.errorCode;
          return { status: res.status, json };
        } catch {
          op.unacknowledged++;
          await sleep(250);
        }
      }
    }

    async function client(index: number) {
      const mine: { id: string; status: 'Active' | 'Blocked' }[] = [];
      while (!stopLoad) {
        const n = serial++;
        const roll = Math.random();
        if (mine.length === 0 || roll < 0.3) {
          const marker = `Drill ${index}-${n}-${crypto.randomBytes(4).toString('hex')}`;
          const op: Operation = { kind: 'create', key: crypto.randomUUID(), marker, attempts: 0, unacknowledged: 0 };
          // Half without crmId: only the Idempotency-Key then stands between a retry and a duplicate.
          const body = {
            nameEn: marker,
            nameAr: 'عميل تجريبي',
            email: `drill.${n}.${crypto.randomBytes(3).toString('hex')}@example.sa`,
            countryCode: '966',
            phoneNumber: '501234567',
            nationalityCode: 'SA',
            ...(n % 2 === 0 ? { crmId: crypto.randomUUID() } : {}),
          };
          const res = await perform(op, 'POST', '/services/crm/entities/client', body);
          const id = res.json?.data?.id ?? res.json?.id;
          if (res.status === 201 && id) {
            op.entityId = id;
            mine.push({ id, status: 'Active' });
          }
        } else if (roll < 0.5) {
          const entity = mine[Math.floor(Math.random() * mine.length)]!;
          const iban = saudiIban('80', 10_000_000 + n);
          const op: Operation = { kind: 'bankAccount', key: crypto.randomUUID(), marker: iban, entityId: entity.id, attempts: 0, unacknowledged: 0 };
          await perform(op, 'POST', `/services/crm/entities/${entity.id}/bank-accounts`, { iban });
        } else if (roll < 0.8) {
          // A credit into or a debit from the client's wallet, from or to an outside account.
          const entity = mine[Math.floor(Math.random() * mine.length)]!;
          const cents = BigInt(crypto.randomInt(100, 5_000_000));
          const credit = Math.random() < 0.6;
          const vIban = `VW-DRILL-${entity.id}`;
          const wallet = { method: 'Wallet', vIban, entity: { id: entity.id } };
          const outside = { method: 'BankAccount', iban: saudiIban('10', 20_000_000 + n) };
          const externalRef = `drill-${index}-${n}-${crypto.randomBytes(4).toString('hex')}`;
          const op: Operation = {
            kind: 'transaction',
            key: crypto.randomUUID(),
            marker: externalRef,
            entityId: entity.id,
            vIban,
            cents: credit ? cents : -cents,
            attempts: 0,
            unacknowledged: 0,
          };
          await perform(op, 'POST', '/services/crm/transactions', {
            source: credit ? outside : wallet,
            target: credit ? wallet : outside,
            externalRef,
            transactionDate: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
            amount: `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`,
            currency: 'SAR',
          });
        } else {
          const entity = mine[Math.floor(Math.random() * mine.length)]!;
          const to = entity.status === 'Active' ? 'Blocked' : 'Active';
          const op: Operation = { kind: 'status', key: crypto.randomUUID(), marker: to, entityId: entity.id, status: to, attempts: 0, unacknowledged: 0 };
          const res = await perform(op, 'PATCH', `/services/crm/entities/client/${entity.id}/status`, { status: to, reason: `drill ${n}` });
          // A retry that finds the change already made (its first attempt committed unanswered) settles it too.
          if (res.status === 200 || (res.status === 409 && op.unacknowledged > 0)) entity.status = to;
        }
      }
    }

    const load = Promise.all(Array.from({ length: options.clients }, (_, i) => client(i)));
    const kills: KillDrillReport['kills'] = [];
    const t0 = Date.now();
    for (let k = 0; k < options.kills; k++) {
      await sleep(options.minGapMs + Math.random() * (options.maxGapMs - options.minGapMs));
      const at = Date.now() - t0;
      await Promise.all([stopProcess(service.web, 'SIGKILL'), stopProcess(service.worker, 'SIGKILL')]);
      log(`kill ${k + 1}: web and worker SIGKILLed at ${(at / 1000).toFixed(1)} s (${ops.length} operations so far)`);
      await plantOrphans(db.url, k);
      await sleep(300 + Math.random() * 700);
      service = startService({ port, env, logFile });
      const restartMs = await waitForHealth(baseUrl);
      kills.push({ at, restartMs });
      log(`  restarted, healthy after ${restartMs} ms`);
    }
    await sleep(options.tailMs);
    stopLoad = true;
    await load;
    log(`load stopped: ${ops.length} operations`);

    // Checks, straight from the database (owner connection, platform scope).
    const check = new pg.Client({ connectionString: db.url });
    await check.connect();
    await check.query(`SELECT set_config('app.scope', 'platform', false)`);
    let missing = 0;
    let duplicates = 0;
    const creates = ops.filter((o) => o.kind === 'create');
    const names = await check.query<{ name: string; n: number }>(
      `SELECT "nameEn" AS name, count(*)::int AS n FROM "Entity" WHERE "tenantId" = $1 AND "nameEn" LIKE 'Drill %' GROUP BY 1`,
      [tenant.id],
    );
    const byName = new Map(names.rows.map((r) => [r.name, r.n]));
    for (const op of creates) {
      const n = byName.get(op.marker) ?? 0;
      if ((op.final === 201 || op.errorCode === 'IDEMPOTENCY_ANSWER_LOST') && n === 0) missing++;
      if (n > 1) duplicates += n - 1;
    }
    const accounts = await check.query<{ iban: string; n: number }>(`SELECT iban, count(*)::int AS n FROM "BankAccount" WHERE "tenantId" = $1 GROUP BY 1`, [
      tenant.id,
    ]);
    const byIban = new Map(accounts.rows.map((r) => [r.iban, r.n]));
    for (const op of ops.filter((o) => o.kind === 'bankAccount')) {
      const n = byIban.get(op.marker) ?? 0;
      if ((op.final === 201 || op.errorCode === 'IDEMPOTENCY_ANSWER_LOST') && n === 0) missing++;
      if (n > 1) duplicates += n - 1;
    }
    // Transactions: each acknowledged one stored exactly once under its externalRef.
    const committed = (o: Operation) => o.final === 200 || o.final === 201 || o.errorCode === 'IDEMPOTENCY_ANSWER_LOST';
    const stored = await check.query<{ ref: string; n: number }>(
      `SELECT "externalRef" AS ref, count(*)::int AS n FROM "Transaction" WHERE "tenantId" = $1 GROUP BY 1`,
      [tenant.id],
    );
    const byRef = new Map(stored.rows.map((r) => [r.ref, r.n]));
    const txOps = ops.filter((o) => o.kind === 'transaction');
    for (const op of txOps) {
      const n = byRef.get(op.marker) ?? 0;
      if (committed(op) && n === 0) missing++;
      if (n > 1) duplicates += n - 1;
    }
    const stray = stored.rows.filter((r) => !txOps.some((o) => o.marker === r.ref)).length;
    if (stray) duplicates += stray;
    // Wallet balances: acknowledged credits less debits, and the transactions stored for each wallet.
    const toCents = (v: string) => {
      const [whole, frac = ''] = v.replace('-', '').split('.');
      const c = BigInt(whole!) * 100n + BigInt((frac + '00').slice(0, 2));
      return v.startsWith('-') ? -c : c;
    };
    const wallets = await check.query<{ vIban: string; balance: string; fromRows: string | null }>(
      `SELECT w."vIban", w."availableBalance"::text AS balance,
              (SELECT sum(CASE WHEN t."targetWalletId" = w.id THEN t.amount ELSE -t.amount END)::text FROM "Transaction" t
                WHERE t."tenantId" = w."tenantId" AND w.id IN (t."sourceWalletId", t."targetWalletId")) AS "fromRows"
       FROM "Wallet" w WHERE w."tenantId" = $1`,
      [tenant.id],
    );
    const expected = new Map<string, bigint>();
    for (const op of txOps) if (committed(op)) expected.set(op.vIban!, (expected.get(op.vIban!) ?? 0n) + op.cents!);
    let mismatched = 0;
    for (const w of wallets.rows) {
      const balance = toCents(w.balance);
      if (balance !== (expected.get(w.vIban) ?? 0n) || balance !== toCents(w.fromRows ?? '0')) mismatched++;
    }
    for (const vIban of expected.keys()) if (!wallets.rows.some((w) => w.vIban === vIban)) mismatched++;

    // Status changes: per entity, the audit entries must equal the changes that took effect.
    const audits = await check.query<{ id: string; n: number }>(
      `SELECT "targetId" AS id, count(*)::int AS n FROM "AuditLog" WHERE "tenantId" = $1 AND action = 'entity.status.update' GROUP BY 1`,
      [tenant.id],
    );
    const byEntity = new Map(audits.rows.map((r) => [r.id, r.n]));
    const effective = new Map<string, number>();
    for (const op of ops.filter((o) => o.kind === 'status')) {
      if (op.final === 200 || (op.final === 409 && op.unacknowledged > 0)) effective.set(op.entityId!, (effective.get(op.entityId!) ?? 0) + 1);
    }
    for (const [id, expected] of effective) {
      const n = byEntity.get(id) ?? 0;
      if (n < expected) missing += expected - n;
      if (n > expected) duplicates += n - expected;
    }

    // The outbox: every event delivered at least once (waits for retries, up to 90 s).
    const events = (await check.query<{ id: string }>(`SELECT id FROM "OutboxEvent" WHERE "tenantId" = $1`, [tenant.id])).rows.map((r) => r.id);
    const delivered = () => new Set(receiver.requests.map((r) => String(r.headers['webhook-id'])));
    const waitUntil = Math.min(deadline, Date.now() + 90_000);
    while (events.some((id) => !delivered().has(id)) && Date.now() < waitUntil) await sleep(500);
    const got = delivered();
    const undelivered = events.filter((id) => !got.has(id)).length;

    // Jobs: wait (bounded) for the queue to drain, then none may be locked, failed for good or
    // waiting to run now; a lock held by a dead worker process is reported on its own.
    const drainStart = Date.now();
    const drainUntil = Math.min(deadline, drainStart + 60_000);
    const jobCounts = () =>
      check
        .query<{ locked: number; failed: number; waiting: number }>(
          `SELECT count(*) FILTER (WHERE locked_at IS NOT NULL)::int AS locked,
                  count(*) FILTER (WHERE attempts >= max_attempts)::int AS failed,
                  count(*) FILTER (WHERE run_at <= now() AND locked_at IS NULL AND attempts < max_attempts)::int AS waiting
           FROM graphile_worker.jobs WHERE task_identifier NOT IN ('webhooks.sweep', 'webhooks.handshake')`,
        )
        .then((r) => r.rows[0]!);
    let jobCount = await jobCounts();
    while ((jobCount.locked > 0 || jobCount.waiting > 0) && Date.now() < drainUntil) {
      await sleep(500);
      jobCount = await jobCounts();
    }
    const drainMs = Date.now() - drainStart;
    const deadOwners = await deadLockOwners(check, { graceMs: 0 });
    const lockedByDeadWorker = deadOwners.length
      ? (await check.query<{ n: number }>(`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE locked_by = ANY($1::text[])`, [deadOwners])).rows[0]!.n
      : 0;
    if (lockedByDeadWorker) log(`jobs locked by dead workers: ${lockedByDeadWorker} (${deadOwners.join(', ')})`);
    const failedJobs = (
      await check.query<{ task: string; attempts: number; maxAttempts: number; lastError: string | null }>(
        `SELECT task_identifier AS task, attempts, max_attempts AS "maxAttempts", left(last_error, 300) AS "lastError"
         FROM graphile_worker.jobs WHERE attempts >= max_attempts AND task_identifier NOT IN ('webhooks.sweep', 'webhooks.handshake') LIMIT 5`,
      )
    ).rows;
    const orphansLeft = (await check.query<{ n: number }>(`SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE payload::jsonb ? 'drillOrphan'`))
      .rows[0]!.n;
    const releasedFromKilledWorkers = fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('released the jobs of dead worker processes'))
      .reduce((n, line) => {
        try {
          return n + (Number((JSON.parse(line) as { jobs?: number }).jobs) || 0);
        } catch {
          return n;
        }
      }, 0);
    await check.end();

    const count = (k: Kind) => ops.filter((o) => o.kind === k).length;
    const report: KillDrillReport = {
      kills,
      operations: {
        creates: count('create'),
        bankAccounts: count('bankAccount'),
        transactions: count('transaction'),
        statusChanges: count('status'),
        total: ops.length,
      },
      attempts: ops.reduce((n, o) => n + o.attempts, 0),
      unacknowledgedAttempts: ops.reduce((n, o) => n + o.unacknowledged, 0),
      replayed: ops.filter((o) => o.replayed).length,
      settledByConflict: ops.filter((o) => o.unacknowledged > 0 && o.final === 409 && o.errorCode !== 'IDEMPOTENCY_ANSWER_LOST').length,
      answerLost: ops.filter((o) => o.errorCode === 'IDEMPOTENCY_ANSWER_LOST').length,
      missing,
      duplicates,
      balances: { wallets: wallets.rows.length, mismatched },
      failedJobs,
      outbox: { events: events.length, delivered: events.length - undelivered, undelivered },
      jobs: { ...jobCount, lockedByDeadWorker, drainMs, releasedFromKilledWorkers, orphansPlanted: 2 * kills.length, orphansLeft },
      ok: false,
    };
    const unexpected = ops.filter((o) => o.final !== undefined && o.final >= 400 && !(o.final === 409 && o.unacknowledged > 0));
    if (unexpected.length) log(`unexpected answers: ${unexpected.map((o) => `${o.kind} ${o.final} ${o.errorCode}`).join(', ')}`);
    report.ok =
      missing === 0 &&
      duplicates === 0 &&
      mismatched === 0 &&
      undelivered === 0 &&
      report.jobs.locked === 0 &&
      report.jobs.lockedByDeadWorker === 0 &&
      report.jobs.orphansLeft === 0 &&
      report.jobs.failed === 0 &&
      report.jobs.waiting === 0 &&
      unexpected.length === 0 &&
      kills.length === options.kills;
    return report;
  } finally {
    if (service) await Promise.all([stopProcess(service.web, 'SIGTERM'), stopProcess(service.worker, 'SIGTERM')]);
    await receiverStop?.().catch(() => {});
    await db?.stop().catch(() => {});
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('scripts/drills/kill9.ts')) {
  const started = Date.now();
  const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s] ${line}`);
  runKillDrill({
    kills: Number(process.env.DRILL_KILLS ?? 3),
    clients: Number(process.env.DRILL_CLIENTS ?? 8),
    minGapMs: 3000,
    maxGapMs: 9000,
    tailMs: 5000,
    maxSeconds: Number(process.env.DRILL_MAX_SECONDS ?? 600),
    log,
  }).then(
    (report) => {
      console.log(JSON.stringify(report, null, 2));
      const dir = path.join(process.cwd(), 'bench', 'results');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'drill-kill9.json'), JSON.stringify({ at: new Date().toISOString(), ...report }, null, 2) + '\n');
      process.exit(report.ok ? 0 : 1);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
