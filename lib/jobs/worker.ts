import { EventEmitter } from 'node:events';
import { Logger, run, type Runner, type TaskList, type WorkerEvents } from 'graphile-worker';
import { databaseUrl } from '@/lib/db/config';
import { log } from '@/lib/core/logger';
import { CRONTAB, taskList } from './tasks';
import { recoveryIntervalMs, startLiveness } from './worker-liveness';

/**
 * Starts the graphile-worker runner. It uses its own connection pool as the owner role (the queue
 * tables are not tenant data) and names its connections `crm-worker:<pid>`, so /health can count
 * the worker processes that are connected. Its pool is marked alive on a connection of its own
 * (worker-liveness.ts), and the jobs of dead worker processes are released at start and every
 * WORKER_RECOVERY_INTERVAL_MS. Should the liveness connection be lost, `onLivenessLost` is called
 * (scripts/worker.ts stops the process: other workers would take it for dead).
 */
export async function startWorker(
  options: { concurrency?: number; connectionString?: string; tasks?: TaskList; onLivenessLost?: (error: Error) => void } = {},
): Promise<Runner> {
  const url = new URL(options.connectionString ?? databaseUrl());
  url.searchParams.set('application_name', `crm-worker:${process.pid}`);
  const concurrency = options.concurrency ?? workerConcurrency();
  const liveness = await startLiveness({
    connectionString: url.toString(),
    onLost: options.onLivenessLost ?? ((error) => log('error', 'worker liveness connection lost', { error: error.message })),
  });
  const events: WorkerEvents = new EventEmitter();
  const registered: Promise<void>[] = [];
  events.on('pool:create', ({ workerPool }) => {
    registered.push(liveness.register(workerPool.id));
  });
  let runner: Runner;
  try {
    runner = await run({
      connectionString: url.toString(),
      concurrency,
      taskList: options.tasks ?? taskList,
      ...(options.tasks ? {} : { crontab: CRONTAB }),
      noHandleSignals: true,
      pollInterval: 1000,
      logger: workerLogger(),
      events,
    });
    await Promise.all(registered);
  } catch (error) {
    await liveness.close();
    throw error;
  }
  const release = async () => {
    try {
      const { jobs, pools } = await liveness.releaseDead();
      if (pools.length) log('warn', 'released the jobs of dead worker processes', { jobs, pools });
    } catch (error) {
      log('warn', 'could not release the jobs of dead worker processes', { error: String(error) });
    }
  };
  await release();
  const timer = setInterval(() => void release(), recoveryIntervalMs());
  timer.unref();
  // The caller awaits runner.promise and sees its rejection; this branch only cleans up.
  runner.promise
    .finally(() => {
      clearInterval(timer);
      void liveness.close();
    })
    .catch(() => {});
  log('info', 'worker started', { concurrency });
  return runner;
}

function workerLogger(): Logger {
  // Route graphile-worker's messages into our structured log.
  return new Logger((scope) => (level, message, meta) => {
    const mapped = level === 'error' ? 'error' : level === 'warning' ? 'warn' : level === 'debug' ? 'debug' : 'info';
    log(mapped, message, { component: 'worker', ...scope, ...meta });
  });
}

/** Jobs run at once by one worker process (WORKER_CONCURRENCY, default 10). */
export function workerConcurrency(): number {
  return Number(process.env.WORKER_CONCURRENCY ?? 10);
}
