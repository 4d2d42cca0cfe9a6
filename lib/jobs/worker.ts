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
  const runner = await run({
    connectionString: url.toString(),
    concurrency,
    taskList: options.tasks ?? taskList,
    ...(options.tasks ? {} : { crontab: CRONTAB }),
    noHandleSignals: true,
    pollInterval: 1000,
    logger: workerLogger(),
  });
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
