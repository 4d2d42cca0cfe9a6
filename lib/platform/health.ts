import { checkDatabase } from '@/lib/db/health';

export interface HealthReport {
  status: 'ok' | 'degraded';
  database: { status: 'ok' | 'down'; latencyMs: number | null };
  jobQueue: { status: 'ok' | 'no-worker' | 'down'; workers: number; pendingJobs: number | null };
}

/** Database reachability, and how many job-worker processes are connected. */
export async function getHealth(): Promise<HealthReport> {
  try {
    const { latencyMs, workers, pendingJobs } = await checkDatabase();
    return {
      status: workers > 0 ? 'ok' : 'degraded',
      database: { status: 'ok', latencyMs },
      jobQueue: { status: workers > 0 ? 'ok' : 'no-worker', workers, pendingJobs },
    };
  } catch {
    return {
      status: 'degraded',
      database: { status: 'down', latencyMs: null },
      jobQueue: { status: 'down', workers: 0, pendingJobs: null },
    };
  }
}
