import { getHealth } from '@/lib/platform/health';

/** The webhook service runs in the job worker: it is up when the worker and database are. */
export async function getWebhookServiceHealth() {
  const health = await getHealth();
  return {
    status: health.jobQueue.status === 'ok' ? ('ok' as const) : ('degraded' as const),
    worker: health.jobQueue.status,
    database: health.database.status,
  };
}
