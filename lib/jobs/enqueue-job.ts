import type { Tx } from '@/lib/db/tenant-tx';

export type DomainTask = `bulk.${string}` | `monitoring.${string}`;

/**
 * Schedules a bulk-onboarding or monitoring job inside the caller's transaction (through the SECURITY
 * DEFINER function crm_enqueue_job, as crm_app has no rights on the queue tables): the job exists
 * exactly when the work it continues commits.
 */
export async function enqueueJob(
  tx: Tx,
  task: DomainTask,
  payload: Record<string, unknown>,
  options: { runAt?: Date; jobKey?: string; jobKeyMode?: 'replace' | 'preserve_run_at' } = {},
): Promise<void> {
  await tx.$executeRaw`SELECT crm_enqueue_job(${task}, ${JSON.stringify(payload)}::json, ${options.runAt ?? null}::timestamptz, ${options.jobKey ?? null}::text, ${options.jobKeyMode ?? 'replace'}::text)`;
}
