import pg from 'pg';

/**
 * Which graphile-worker pools are alive, told by PostgreSQL itself, so that the jobs a killed
 * worker process had locked run again at once instead of after graphile-worker's 4-hour lock
 * timeout.
 *
 * graphile-worker 0.18 locks a job (and its queue) with its worker pool's id (`locked_by`, one
 * pool per worker process). Each worker process holds a session-level advisory lock keyed on its
 * pool id, on a connection of its own, for as long as it runs. A process that dies (SIGKILL, OOM,
 * power loss) loses its connection, and PostgreSQL releases the lock with it. So any process can
 * tell a dead pool from a live one, in any number of processes on any number of hosts, without a
 * heartbeat table or a clock: a pool whose lock it can take is dead. Every worker process
 * releases the jobs of dead pools when it starts and then every WORKER_RECOVERY_INTERVAL_MS. A
 * released job runs again unless it was on its final attempt (it is then failed, with a reason) or
 * superseded (see releaseDead).
 *
 * A lock younger than LOCK_GRACE_MS is left alone: a new pool may fetch its first job a moment
 * before its liveness lock is in place. Should a worker process lose its liveness connection, it
 * must stop (`onLost`): others would otherwise take it for dead and run its jobs a second time.
 * Jobs locked by a process that does not take the lock (a release older than this one, or a
 * one-off `runOnce`) count as dead: stop older worker processes before starting this release.
 */

/** First key of the two-key advisory locks (0x43524d57, "CRMW"); the second is hashtext(pool id). */
export const LIVENESS_LOCK_NAMESPACE = 1129467223;
/** Locks younger than this are never released. */
export const LOCK_GRACE_MS = 5000;

export function recoveryIntervalMs(): number {
  const ms = Number(process.env.WORKER_RECOVERY_INTERVAL_MS ?? 30_000);
  if (!Number.isFinite(ms) || ms < 500) throw new Error('WORKER_RECOVERY_INTERVAL_MS must be a number of milliseconds ≥ 500');
  return ms;
}

type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * The pools that hold job or queue locks older than `graceMs` and whose liveness lock is free:
 * dead. `client` must not be a session that holds liveness locks of its own (it could take those
 * again); pools in `exclude` are never tried.
 */
export async function deadLockOwners(client: Queryable, { graceMs = LOCK_GRACE_MS, exclude = [] as string[] } = {}): Promise<string[]> {
  const owners = (
    await client.query<{ owner: string }>(
      `SELECT DISTINCT locked_by AS owner FROM (
         SELECT locked_by, locked_at FROM graphile_worker._private_jobs WHERE locked_by IS NOT NULL
         UNION ALL SELECT locked_by, locked_at FROM graphile_worker._private_job_queues WHERE locked_by IS NOT NULL) l
       WHERE locked_at < now() - make_interval(secs => $1::double precision / 1000) AND locked_by <> ALL($2::text[])`,
      [graceMs, exclude],
    )
  ).rows.map((r) => r.owner);
  const dead: string[] = [];
  for (const owner of owners) {
    const { rows } = await client.query<{ free: boolean }>(`SELECT pg_try_advisory_lock($1, hashtext($2)) AS free`, [LIVENESS_LOCK_NAMESPACE, owner]);
    if (rows[0]?.free) {
      dead.push(owner);
      await client.query(`SELECT pg_advisory_unlock($1, hashtext($2))`, [LIVENESS_LOCK_NAMESPACE, owner]);
    }
  }
  return dead;
}

export interface Liveness {
  /** Marks a pool of this process alive (until the process or its connection ends). */
  register(poolId: string): Promise<void>;
  /** Releases the jobs and queues locked by dead pools; answers how many jobs and which pools. */
  releaseDead(): Promise<{ jobs: number; pools: string[] }>;
  close(): Promise<void>;
}

export async function startLiveness({ connectionString, onLost }: { connectionString: string; onLost: (error: Error) => void }): Promise<Liveness> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const own = new Set<string>();
  let closing = false;
  const lost = (error: Error) => {
    if (!closing) onLost(error);
  };
  client.on('error', lost);
  client.on('end', () => lost(new Error('worker liveness connection ended')));
  // One query at a time on the liveness connection.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work, work);
    chain = next.catch(() => {});
    return next;
  };
  return {
    register: (poolId) =>
      serial(async () => {
        // try: a hash shared with a live pool elsewhere (1 in 2^32) must not block; that pool's lock covers this one too.
        await client.query(`SELECT pg_try_advisory_lock($1, hashtext($2))`, [LIVENESS_LOCK_NAMESPACE, poolId]);
        own.add(poolId);
      }),
    releaseDead: () =>
      serial(async () => {
        const pools = await deadLockOwners(client, { exclude: [...own] });
        if (pools.length === 0) return { jobs: 0, pools };
        await client.query('BEGIN');
        try {
          const { rows } = await client.query<{ id: string; superseded: boolean; exhausted: boolean }>(
            `SELECT id::text, (attempts >= max_attempts AND max_attempts > 1 AND last_error IS NULL) AS superseded, attempts >= max_attempts AS exhausted
             FROM graphile_worker._private_jobs WHERE locked_by = ANY($1::text[]) FOR UPDATE`,
            [pools],
          );
          // A job whose final attempt died with its worker has failed: say why.
          const lastTry = rows.filter((r) => r.exhausted && !r.superseded).map((r) => r.id);
          if (lastTry.length)
            await client.query(`UPDATE graphile_worker._private_jobs SET last_error = $2 WHERE id = ANY($1::bigint[])`, [
              lastTry,
              'The worker process running its final attempt died.',
            ]);
          await client.query(`SELECT graphile_worker.force_unlock_workers($1::text[])`, [pools]);
          // add_job with the key of a running job gives the work to a new job and leaves the running
          // one to finish without retries (attempts = max_attempts, key cleared): killed, it is
          // superseded, never to run again. Removed, as its completion would have removed it.
          const superseded = rows.filter((r) => r.superseded).map((r) => r.id);
          if (superseded.length) await client.query(`SELECT graphile_worker.complete_jobs($1::bigint[])`, [superseded]);
          await client.query('COMMIT');
          return { jobs: rows.length, pools };
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        }
      }),
    close: async () => {
      closing = true;
      await chain.catch(() => {});
      await client.end().catch(() => {});
    },
  };
}
