import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/scripts/testing/db';
import { deadLockOwners } from './worker-liveness';
import { startWorker } from './worker';

const db = useTestDatabase();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => Promise<boolean>, ms = 20_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await sleep(200);
  }
}

describe('jobs of dead worker processes', () => {
  it('a starting worker releases the jobs locked by a dead pool at once; a live pool’s and a just-taken lock stay', async () => {
    const pool = db.current().pool;
    const done: string[] = [];
    let unblock!: () => void;
    const blocked = new Promise<void>((r) => (unblock = r));
    const tasks = {
      'zz.block': async () => blocked,
      'zz.done': async (payload: unknown) => {
        done.push((payload as { name: string }).name);
      },
    };
    // A live worker busy with a long job.
    const live = await startWorker({ connectionString: db.current().url, concurrency: 1, tasks });
    let second: Awaited<ReturnType<typeof startWorker>> | undefined;
    try {
      await pool.query(`SELECT graphile_worker.add_job('zz.block', '{}'::json)`);
      await waitFor(
        async () => (await pool.query(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'zz.block' AND locked_by IS NOT NULL`)).rowCount === 1,
      );
      const livePool = (await pool.query(`SELECT locked_by FROM graphile_worker.jobs WHERE task_identifier = 'zz.block'`)).rows[0].locked_by as string;

      // Jobs as a worker killed mid-job leaves them: locked by its pool, which no one keeps alive.
      const lockAs = async (name: string, owner: string, age: string) => {
        const { rows } = await pool.query(
          `SELECT id FROM graphile_worker.add_job('zz.done', json_build_object('name', $1::text), run_at => now() + interval '1 hour')`,
          [name],
        );
        await pool.query(
          `UPDATE graphile_worker._private_jobs SET locked_by = $2, locked_at = now() - $3::interval, run_at = now() - interval '1 minute' WHERE id = $1`,
          [rows[0].id, owner, age],
        );
      };
      await lockAs('dead', 'pool-killed000000000000', '1 minute');
      // A job that add_job superseded while it ran (same key: attempts = max_attempts, key cleared),
      // and one killed during its final attempt.
      await lockAs('superseded', 'pool-killed000000000000', '1 minute');
      await pool.query(`UPDATE graphile_worker._private_jobs SET attempts = max_attempts WHERE payload->>'name' = 'superseded'`);
      await lockAs('final', 'pool-killed000000000000', '1 minute');
      await pool.query(`UPDATE graphile_worker._private_jobs SET attempts = max_attempts, last_error = 'boom' WHERE payload->>'name' = 'final'`);
      await lockAs('young', 'pool-justnow00000000000', '0 seconds');

      const probe = new pg.Client({ connectionString: db.current().url });
      await probe.connect();
      try {
        expect(await deadLockOwners(probe)).toEqual(['pool-killed000000000000']);
        // Even with no grace at all, the live pool is not taken for dead.
        expect((await deadLockOwners(probe, { graceMs: 0 })).sort()).toEqual(['pool-justnow00000000000', 'pool-killed000000000000']);
        // Its 4-hour lock timeout would keep the dead pool's job waiting; a starting worker releases it.
      } finally {
        await probe.end();
      }
      second = await startWorker({ connectionString: db.current().url, concurrency: 1, tasks });
      // The task has run once it reports; the job's row goes when the worker records its completion.
      await waitFor(
        async () => done.includes('dead') && (await pool.query(`SELECT 1 FROM graphile_worker._private_jobs WHERE payload->>'name' = 'dead'`)).rowCount === 0,
      );
      const left = await pool.query<{ name: string; locked_by: string; last_error: string | null }>(
        `SELECT j.payload->>'name' AS name, j.locked_by, j.last_error FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
         WHERE t.identifier IN ('zz.done', 'zz.block') ORDER BY 1 NULLS FIRST`,
      );
      // The dead pool's job ran, its superseded one is gone, its final attempt is failed with a reason.
      expect(left.rows).toEqual([
        { name: null, locked_by: livePool, last_error: null },
        { name: 'final', locked_by: null, last_error: 'The worker process running its final attempt died.' },
        { name: 'young', locked_by: 'pool-justnow00000000000', last_error: null },
      ]);
    } finally {
      unblock();
      await live.stop();
      await second?.stop();
    }
  }, 60_000);
});
