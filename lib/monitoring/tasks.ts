import type { TaskList } from 'graphile-worker';
import { screenWatchlistImport } from './screen-import';

/** Ongoing monitoring's background tasks (spread into lib/jobs/tasks.ts). */
export const monitoringTasks: TaskList = {
  /** A watchlist import's change set screened against the monitored entities (enqueued by the import's insert trigger). */
  'monitoring.import': async (payload) => {
    await screenWatchlistImport({ importId: (payload as { importId: string }).importId });
  },
};
