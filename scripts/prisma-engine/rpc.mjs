// JSON-RPC 2.0 over stdio, as the Prisma CLI's SchemaEngineCLI speaks it: one JSON
// object per line on stdin/stdout; tracing and errors as JSON lines on stderr.
import readline from 'node:readline';

const LEVELS = { TRACE: 0, DEBUG: 1, INFO: 2, WARN: 3, ERROR: 4 };
const minLevel = LEVELS[/^\s*(trace|debug|info|warn|error)\s*$/i.exec(process.env.RUST_LOG ?? '')?.[1]?.toUpperCase() ?? 'INFO'];

/** Writes one tracing line to stderr; the CLI turns ERROR lines into its error message. */
export function logLine(level, fields, target = 'schema_engine::logger') {
  if ((LEVELS[level] ?? LEVELS.INFO) < minLevel && level !== 'ERROR') return;
  process.stderr.write(`${JSON.stringify({ timestamp: new Date().toISOString(), level, fields, target })}\n`);
}

/** Forwards the WASM engine's own log lines (JSON strings without timestamp) to stderr. */
export function forwardEngineLog(line) {
  try {
    const entry = JSON.parse(line);
    logLine(entry.level ?? 'INFO', entry.fields ?? { message: String(line) }, entry.target);
  } catch {
    logLine('INFO', { message: String(line) }, 'schema_engine_wasm');
  }
}

const write = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

export const result = (id, value) => write({ jsonrpc: '2.0', id, result: value ?? null });

/** A user-facing error: the CLI prints `data.message`, prefixed by `data.error_code`. */
export function userError(id, { message, error_code, meta }) {
  write({
    jsonrpc: '2.0',
    id,
    error: {
      code: 4466,
      message: 'An error happened. Check the data field for details.',
      data: { is_panic: false, message, meta: meta ?? null, ...(error_code ? { error_code } : {}) },
    },
  });
}

/** A panic: the CLI reports it as an engine crash and exits non-zero. */
export function panicError(id, message, backtrace = '') {
  write({
    jsonrpc: '2.0',
    id,
    error: { code: -32603, message, data: { is_panic: true, message, backtrace, error: { message } } },
  });
}

let nextOutgoingId = 1_000_000_000;
const outgoing = new Map();

/**
 * Sends the `print` request the CLI writes to its stdout (how `migrate diff`
 * output reaches the user), and waits for the CLI's acknowledgement.
 */
export function print(content) {
  const id = nextOutgoingId++;
  return new Promise((resolve) => {
    const timer = setTimeout(() => outgoing.delete(id) && resolve(), 10_000);
    outgoing.set(id, () => {
      clearTimeout(timer);
      resolve();
    });
    write({ jsonrpc: '2.0', id, method: 'print', params: { content } });
  });
}

/** Ids of requests received and not answered yet. */
export const pending = new Set();

/**
 * Answers every pending request with a panic and exits non-zero. If the bridge
 * exited 0 (or died before answering), the CLI would print nothing and exit 0.
 */
export function failAllAndExit(message, backtrace = '') {
  logLine('ERROR', { is_panic: true, message, backtrace });
  for (const id of pending) panicError(id, message, backtrace);
  pending.clear();
  process.exitCode = 101;
  process.stdout.write('', () => process.exit(101));
  setTimeout(() => process.exit(101), 2_000).unref();
}

/**
 * Reads requests from stdin and calls `handle(request)` for each, one at a time.
 * Resolves once stdin has closed and every request has been answered.
 */
export function serve(handle) {
  let queue = Promise.resolve();
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  rl.on('line', (line) => {
    if (!line.trim()) return;
    let message;
    try {
      message = JSON.parse(line);
    } catch (e) {
      logLine('WARN', { message: `schema-engine-bridge: ignoring unparsable input: ${e.message}` });
      return;
    }
    if (message.method === undefined && outgoing.has(message.id)) {
      outgoing.get(message.id)();
      outgoing.delete(message.id);
      return;
    }
    if (message.method === undefined) return;
    pending.add(message.id);
    queue = queue.then(() => handle(message)).finally(() => pending.delete(message.id));
  });
  return new Promise((resolve) => rl.on('close', () => resolve(queue)));
}
