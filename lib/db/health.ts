import { getPool } from './client';

export interface DatabaseHealth {
  latencyMs: number;
  /** Job-worker processes connected (each names its connections `crm-worker:<pid>`). */
  workers: number;
  /** Jobs due and not yet taken. */
  pendingJobs: number | null;
}

/** One round trip that proves the database answers, and reads the job queue's state. Throws when it is down. */
export async function checkDatabase(): Promise<DatabaseHealth> {
  const started = performance.now();
  const { rows } = await getPool().query<{ workers: number; pending: number | null }>(
    `SELECT (SELECT count(DISTINCT application_name)::int FROM pg_stat_activity
              WHERE datname = current_database() AND application_name LIKE 'crm-worker:%') AS workers,
            (SELECT count(*)::int FROM graphile_worker.jobs WHERE locked_at IS NULL AND run_at <= now()) AS pending`,
  );
  return { latencyMs: Math.round((performance.now() - started) * 10) / 10, workers: rows[0]?.workers ?? 0, pendingJobs: rows[0]?.pending ?? null };
}
