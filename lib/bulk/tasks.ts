import type { TaskList } from 'graphile-worker';
import { processBulkChunk } from './process-bulk-job';
import { runBulkMaintenance } from './maintain';

/** Bulk onboarding's background tasks (spread into lib/jobs/tasks.ts). */
export const bulkTasks: TaskList = {
  /** One chunk of a bulk job (self-continuing: the chunk's transaction enqueues the next). */
  'bulk.process': async (payload) => {
    const { tenantId, jobId } = payload as { tenantId: string; jobId: string };
    await processBulkChunk({ tenantId, jobId });
  },
  /** Crash recovery sweep while unfinished jobs exist (self-rescheduling, see maintain.ts). */
  'bulk.maintain': async (_payload, helpers) => {
    await runBulkMaintenance(helpers, { reschedule: true });
  },
  /** The same sweep from the crontab (names there cannot contain dots), in case the chain died with a worker. */
  'bulk:sweep': async (_payload, helpers) => {
    await runBulkMaintenance(helpers, { reschedule: false });
  },
};
