import { getPool } from '@/lib/db/client';

export interface HealthReport {
  status: 'ok' | 'degraded';
  database: { status: 'ok' | 'down'; latencyMs: number | null };
  jobQueue: { status: 'ok' | 'no-worker' | 'down'; workers: number; pendingJobs: number | null };
}

/** Database reachability, and how many job-worker processes are connected (each names its connections). */
export async function getHealth(): Promise<HealthReport> {
  const pool = getPool();
  const started = performance.now();
  try {
    const { rows } = await pool.query<{ workers: number; pending: number | null }>(
      `SELECT (SELECT count(DISTINCT application_name)::int FROM pg_stat_activity
                WHERE datname = current_database() AND application_name LIKE 'crm-worker:%') AS workers,
              (SELECT count(*)::int FROM graphile_worker.jobs WHERE locked_at IS NULL AND run_at <= now()) AS pending`,
    );
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    const workers = rows[0]?.workers ?? 0;
    return {
      status: workers > 0 ? 'ok' : 'degraded',
      database: { status: 'ok', latencyMs },
      jobQueue: { status: workers > 0 ? 'ok' : 'no-worker', workers, pendingJobs: rows[0]?.pending ?? null },
    };
  } catch {
    return {
      status: 'degraded',
      database: { status: 'down', latencyMs: null },
      jobQueue: { status: 'down', workers: 0, pendingJobs: null },
    };
  }
}
