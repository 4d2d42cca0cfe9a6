// The background job worker, as its own process (`npm start` runs it beside Next.js;
// in production run `tsx scripts/worker.ts` separately, as many as you like).
import type { Runner } from 'graphile-worker';
import { startWorker, workerConcurrency } from '@/lib/jobs/worker';
import { log } from '@/lib/core/logger';

// Each running job may hold a connection of the application pool; two more serve the rest. The
// web process's small default (lib/db/config.ts) would make jobs wait for each other.
process.env.DATABASE_POOL_SIZE ??= String(workerConcurrency() + 2);

let stopping = false;
let runner: Runner | undefined;
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  (runner ? runner.stop() : Promise.resolve()).finally(() => process.exit(code));
}
runner = await startWorker({
  // Without its liveness connection other worker processes would take this one for dead and run
  // its jobs again: stop, and let the supervisor (npm start, systemd, Kubernetes) start a new one.
  onLivenessLost: (error) => {
    log('error', 'worker liveness connection lost: stopping', { error: error.message });
    stop(1);
  },
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    log('info', 'worker stopping', { signal });
    stop(0);
  });
}
await runner.promise;
