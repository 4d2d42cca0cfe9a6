type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function enabled(level: Level): boolean {
  const configured = (process.env.LOG_LEVEL as Level | undefined) ?? 'info';
  return ORDER[level] >= (ORDER[configured] ?? 20);
}

/** Structured logs: one JSON object per line on stdout (errors on stderr). */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (!enabled(level)) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === 'error') process.stderr.write(line + '\n');
  else process.stdout.write(line + '\n');
}
