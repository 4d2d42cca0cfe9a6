import pg from 'pg';
import { Logger, run, type Runner, type TaskList } from 'graphile-worker';
import { databaseUrl } from '@/lib/db/config';
import { log } from '@/lib/core/logger';
import { CRONTAB, taskList } from './tasks';

/**
 * Starts the graphile-worker runner. It uses its own connection pool as the owner role (the queue
 * tables are not tenant data) and names its connections `crm-worker:<pid>`, so /health can count
 * the worker processes that are connected.
 */
export async function startWorker(options: { concurrency?: number; connectionString?: string; tasks?: TaskList } = {}): Promise<Runner> {
  const url = new URL(options.connectionString ?? databaseUrl());
  url.searchParams.set('application_name', `crm-worker:${process.pid}`);
  const concurrency = options.concurrency ?? workerConcurrency();
  const pool = workerPool(url.toString(), concurrency);
  const runner = await run({
    pgPool: pool,
    concurrency,
    taskList: options.tasks ?? taskList,
    ...(options.tasks ? {} : { crontab: CRONTAB }),
    noHandleSignals: true,
    pollInterval: 1000,
    logger: workerLogger(),
  });
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
  const pool = new pg.Pool({ connectionString, max: concurrency + 2 });
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
