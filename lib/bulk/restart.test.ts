import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { POST as bulkRoute } from '@/app/services/crm/entities/client/bulk/route';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { importList } from '@/scripts/testing/watchlist';

// Kills the worker PROCESS (SIGKILL, no chance to clean up) in the middle of a bulk job, starts a
// new one, and checks that every client is created exactly once: half the items have no crmId, so
// the unique index alone could not prevent a duplicate; the per-item ledger must.

process.env.BULK_SWEEP_INTERVAL_MS = '500';
const db = useTestDatabase();
const q = (sql: string, params: unknown[] = []) => db.current().pool.query(sql, params);
const children: ChildProcess[] = [];
const TOTAL = 800;

function startWorkerProcess(): ChildProcess {
  // detached: its own process group, so SIGKILL reaches tsx's node child too.
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['scripts/worker.ts'], {
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      DATABASE_URL: db.current().url,
      WORKER_CONCURRENCY: '2',
      BULK_CHUNK_SIZE: '20',
      BULK_STALE_LOCK_MS: '2000',
      BULK_SWEEP_INTERVAL_MS: '500',
      LOG_LEVEL: 'warn',
    },
  });
  children.push(child);
  return child;
}

function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid!, signal);
    } catch {
      resolve();
    }
  });
}

afterAll(async () => {
  for (const child of children) await kill(child, 'SIGKILL');
});

describe('bulk job restart safety', () => {
  it('SIGKILL mid-job, restart: every client created exactly once, the job completes, one start and one end event', async () => {
    const tenant = await createTestTenant();
    // Monitored clients are screened inside each chunk's transaction, which keeps the worker busy
    // inside transactions most of the time: the kill lands mid-chunk.
    await importList(db.current().pool, 'ListSourceA', [{ externalId: 'R-1', names: [{ value: 'Restart Client 7', kind: 'Primary' }] }]);
    const clients = Array.from({ length: TOTAL }, (_, i) => ({
      ...(i % 2 === 0 ? { crmId: crypto.randomUUID() } : {}),
      nameEn: `Restart Client ${i}`,
      nameAr: `عميل إعادة التشغيل ${i}`,
      ongoingMonitoring: true,
      identities: [{ number: `1${String(i).padStart(9, '0')}` }],
    }));
    const res = await callRoute(bulkRoute, 'POST', '/services/crm/entities/client/bulk', { headers: tenant.headers, body: { clients } });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const jobId: string = res.body.jobId;
    const progress = async () => (await q(`SELECT status, processed, succeeded FROM "BulkJob" WHERE id = $1`, [jobId])).rows[0];

    const first = startWorkerProcess();
    await expect.poll(async () => (await progress()).processed, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(100);
    await kill(first, 'SIGKILL');
    const atKill = await progress();
    expect(atKill.status).toBe('Running');
    expect(atKill.processed).toBeLessThan(TOTAL);
    const pending = await q(`SELECT count(*)::int AS n FROM "BulkJobItem" WHERE "jobId" = $1 AND status = 'Pending'`, [jobId]);
    expect(pending.rows[0].n).toBe(TOTAL - atKill.processed);

    startWorkerProcess();
    await expect.poll(async () => (await progress()).status, { timeout: 150_000, interval: 200 }).toBe('Completed');
    expect(await progress()).toMatchObject({ processed: TOTAL, succeeded: TOTAL });

    const entities = await q(`SELECT "nameEn", count(*)::int AS n FROM "Entity" WHERE "tenantId" = $1 GROUP BY "nameEn"`, [tenant.id]);
    expect(entities.rows).toHaveLength(TOTAL);
    expect(entities.rows.every((r) => r.n === 1)).toBe(true);
    const ledger = await q(
      `SELECT count(DISTINCT "entityId")::int AS ids, count(*) FILTER (WHERE status = 'Succeeded')::int AS ok FROM "BulkJobItem" WHERE "jobId" = $1`,
      [jobId],
    );
    expect(ledger.rows[0]).toEqual({ ids: TOTAL, ok: TOTAL });
    const identities = await q(`SELECT count(*)::int AS n FROM "Identity" WHERE "tenantId" = $1`, [tenant.id]);
    expect(identities.rows[0].n).toBe(TOTAL);
    const matches = await q(`SELECT count(*)::int AS n FROM "Match" WHERE "tenantId" = $1`, [tenant.id]);
    expect(matches.rows[0].n).toBeGreaterThanOrEqual(1);
    const dupMatches = await q(
      `SELECT count(*)::int AS n FROM (SELECT "entityId" FROM "Match" WHERE "tenantId" = $1 GROUP BY "entityId", "watchlistEntryId" HAVING count(*) > 1) d`,
      [tenant.id],
    );
    expect(dupMatches.rows[0].n).toBe(0);
    const events = await q(
      `SELECT payload->>'status' AS status FROM "OutboxEvent" WHERE type = 'BulkJobUpdate' AND payload->>'jobId' = $1 ORDER BY "createdAt"`,
      [jobId],
    );
    expect(events.rows.map((r) => r.status)).toEqual(['Running', 'Completed']);
  }, 240_000);
});
