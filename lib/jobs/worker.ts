import { EventEmitter } from 'node:events';
import pg from 'pg';
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
  const pool = workerPool(url.toString(), concurrency);
  let runner: Runner;
  try {
    runner = await run({
      pgPool: pool,
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
    await pool.end();
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
  const stop = runner.stop.bind(runner);
  runner.stop = async () => {
    await stop();
    await pool.end();
  };
  return runner;
}

/**
 * The worker's own pool. graphile-worker removes its error listeners when it stops but does not
 * wait for its pool to close, so a connection that the server ends afterwards (a restart, a
 * dropped database) would raise an unhandled error and bring the process down. This pool keeps
 * its listeners for its whole life and is ended after the runner has stopped.
 */
function workerPool(connectionString: string, concurrency: number): pg.Pool {
  // As many connections as graphile-worker would open for itself (its default is 10).
  const pool = new pg.Pool({ connectionString, max: Math.max(10, concurrency) });
  const onError = (error: Error) => log('warn', 'worker database connection ended', { component: 'worker', error: error.message });
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
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
