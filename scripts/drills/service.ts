// The service as production runs it, for the drills: `next start` (the production build) and the
// job worker as two processes of their own (each its own process group, so SIGKILL takes all of
// it), against a throwaway embedded PostgreSQL.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface ServiceProcesses {
  web: ChildProcess;
  worker: ChildProcess;
}

export function requireBuild(): void {
  if (!fs.existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'))) throw new Error('no production build: run `npx next build` first');
}

export function startService({ port, env, logFile }: { port: number; env: Record<string, string>; logFile: string }): ServiceProcesses {
  const out = fs.openSync(logFile, 'a');
  const common = {
    detached: true,
    stdio: ['ignore', out, out] as ['ignore', number, number],
    env: { ...process.env, NODE_ENV: 'production' as const, ...env },
  };
  const web = spawn(path.resolve('node_modules/.bin/next'), ['start', '-p', String(port), '-H', '127.0.0.1'], common);
  const worker = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], common);
  fs.closeSync(out);
  return { web, worker };
}

/** SIGKILL (or SIGTERM) to the process group: Next.js's own children die with it. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, signal);
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // gone
    }
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

export async function waitForHealth(baseUrl: string, timeoutMs = 90_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/services/crm/health`, { signal: AbortSignal.timeout(2000) });
      const body = (await res.json()) as { jobQueue?: { status?: string } };
      if (res.status === 200 && body.jobQueue?.status === 'ok') return Date.now() - started;
    } catch {
      // not up yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`service not healthy within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** RSS in kB of a process and its descendants (Linux /proc). */
export function rssKb(pid: number): number {
  let total = 0;
  const children = (p: number): number[] => {
    try {
      return fs.readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  const visit = (p: number) => {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
      if (m) total += Number(m[1]);
    } catch {
      return;
    }
    for (const c of children(p)) visit(c);
  };
  visit(pid);
  return total;
}
