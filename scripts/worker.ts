// The background job worker, as its own process (`npm start` runs it beside Next.js;
// in production run `tsx scripts/worker.ts` separately, as many as you like).
import { startWorker } from '@/lib/jobs/worker';
import { log } from '@/lib/api/logger';

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
