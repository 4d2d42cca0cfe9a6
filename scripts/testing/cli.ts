import { execFile } from 'node:child_process';
import path from 'node:path';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run crm -- ...` the way an operator does (tsx scripts/crm.ts) against `databaseUrl`.
 * Asynchronous, so servers living in the test process (webhook receivers) keep answering.
 */
export function runCli(databaseUrl: string, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return runScript('scripts/crm.ts', databaseUrl, args, { env });
}

/** Runs one of the project's scripts with tsx, as its npm script does, against `databaseUrl`. */
export function runScript(
  script: string,
  databaseUrl: string,
  args: string[] = [],
  { env = {}, timeoutMs = 60_000 }: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      path.resolve('node_modules/.bin/tsx'),
      [script, ...args],
      { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', ...env }, timeout: timeoutMs },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
