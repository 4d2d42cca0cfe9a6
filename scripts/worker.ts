// The background job worker, as its own process (`npm start` runs it beside Next.js;
// in production run `tsx scripts/worker.ts` separately, as many as you like).
import { startWorker, workerConcurrency } from '@/lib/jobs/worker';
import { log } from '@/lib/core/logger';

// Each running job may hold a connection of the application pool; two more serve the rest. The
// web process's small default (lib/db/config.ts) would make jobs wait for each other.
process.env.DATABASE_POOL_SIZE ??= String(workerConcurrency() + 2);

const runner = await startWorker();
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log('info', 'worker stopping', { signal });
    runner.stop().finally(() => process.exit(0));
  });
}
await runner.promise;
