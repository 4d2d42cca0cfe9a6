import { describe, expect, it } from 'vitest';
import type { Task } from 'graphile-worker';
import { withTenant } from '@/lib/db/tenant-tx';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { emitEvent } from './outbox';
import { startWorker } from './worker';

const db = useTestDatabase();

const jobsFor = async (eventId: string) =>
  (await db.current().pool.query(`SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE payload->>'eventId' = $1`, [eventId])).rows[0].n;

describe('transactional outbox', () => {
  it('commits the event and its delivery job together with the change', async () => {
    const tenant = await createTestTenant();
    const event = await withTenant(tenant.id, (tx) => emitEvent(tx, { tenantId: tenant.id, type: 'TestEvent', data: { n: 1 } }));
    expect(await jobsFor(event.id)).toBe(1);
  });

  it('every function that enqueues a job keeps its plans: add_job is not planned again at each call', async () => {
    // PostgreSQL's default plan cache kept re-planning add_job's statements (a custom plan of a
    // one-element array looks cheaper than the generic one): 1.0-1.8 ms per job, 0.3 ms with the plans kept.
    const { rows } = await db.current().pool.query<{ name: string; config: string[] | null }>(
      `SELECT p.proname AS name, p.proconfig AS config FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE n.nspname = 'public' AND p.prosrc LIKE '%graphile_worker.add_job%' ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['crm_enqueue_job', 'crm_enqueue_outbox_event', 'crm_enqueue_webhook_job']));
    expect(rows.filter((r) => !r.config?.includes('plan_cache_mode=force_generic_plan')).map((r) => r.name)).toEqual([]);
  });

  it('leaves neither event nor job behind when the transaction fails', async () => {
    const tenant = await createTestTenant();
    let eventId = '';
    await expect(
      withTenant(tenant.id, async (tx) => {
        eventId = (await emitEvent(tx, { tenantId: tenant.id, type: 'TestEvent', data: {} })).id;
        throw new Error('domain change failed');
      }),
    ).rejects.toThrow('domain change failed');
    const events = await db.current().pool.query('SELECT count(*)::int AS n FROM "OutboxEvent" WHERE id = $1', [eventId]);
    expect(events.rows[0].n).toBe(0);
    expect(await jobsFor(eventId)).toBe(0);
  });

  it('keeps jobs while no worker runs and processes them when one starts (jobs survive a restart)', async () => {
    const tenant = await createTestTenant();
    const event = await withTenant(tenant.id, (tx) => emitEvent(tx, { tenantId: tenant.id, type: 'TestEvent', data: { n: 2 } }));
    const seen: string[] = [];
    const dispatch: Task = async (payload) => {
      seen.push((payload as { eventId: string }).eventId);
    };
    const runner = await startWorker({ connectionString: db.current().url, concurrency: 2, tasks: { 'outbox.dispatch': dispatch } });
    try {
      await expect.poll(() => seen.includes(event.id), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => jobsFor(event.id), { timeout: 10_000 }).toBe(0);
    } finally {
      await runner.stop();
    }
  });
});
