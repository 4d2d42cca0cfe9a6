#!/usr/bin/env node
// Schema-engine bridge: lets the Prisma CLI run migrations with the WASM schema
// engine shipped in the `prisma` package, so no native engine download is needed.
//
// prisma.config.ts points PRISMA_SCHEMA_ENGINE_BINARY at this file. The CLI then
// spawns it exactly like the native `schema-engine` binary:
//   schema-engine-bridge.mjs [--datamodels <file>]... [--datasource <json>]   JSON-RPC on stdio
//   schema-engine-bridge.mjs --datasource <json> cli <command>                one-shot command
//   schema-engine-bridge.mjs --version
// and every JSON-RPC method is forwarded to the WASM engine (see ./engine.mjs).
import fs from 'node:fs';
import * as rpc from './rpc.mjs';
import * as engines from './engine.mjs';

// Anything but JSON lines on stderr breaks the CLI's parsing of engine errors.
process.removeAllListeners('warning');
process.on('warning', (w) => rpc.logLine('WARN', { message: `${w.name}: ${w.message}` }));

function parseArgs(argv) {
  const args = { datamodels: [], datasource: undefined, cli: undefined, version: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--datamodels') {
      while (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) args.datamodels.push(argv[++i]);
    } else if (arg === '--datasource') args.datasource = JSON.parse(argv[++i]);
    else if (arg === '--enabled-preview-features' || arg === '--extension-types') i++;
    else if (arg === '--version' || arg === '-V') args.version = true;
    else if (arg === 'cli') args.cli = argv.slice(i + 1);
    if (args.cli) break;
  }
  return args;
}

// ---------------------------------------------------------------- cli <command>

async function runCliCommand(args) {
  // The CLI skips the first stderr line of a `cli` run; the ERROR line must follow it.
  process.stderr.write(`${JSON.stringify({ timestamp: new Date().toISOString(), level: 'INFO', fields: { message: `Starting schema engine bridge CLI: ${args.cli.join(' ')}` }, target: 'schema_engine::logger' })}\n`);
  const url = args.datasource?.url;
  try {
    if (!url) throw Object.assign(new Error('The `cli` command needs --datasource with a url.'), { bridgeMessage: true });
    const [command] = args.cli;
    if (command === 'can-connect-to-database') await engines.canConnect(url);
    else if (command === 'create-database') {
      const databaseName = await engines.createDatabase(url);
      process.stdout.write(`${JSON.stringify({ databaseName })}\n`);
    } else if (command === 'drop-database') await engines.dropDatabase(url);
    else throw Object.assign(new Error(`Unsupported cli command: ${command}`), { bridgeMessage: true });
    return 0;
  } catch (e) {
    const described = e.bridgeMessage || !url ? { message: e.message } : engines.describePgError(e, url);
    rpc.logLine('ERROR', { is_panic: false, ...described });
    return 1;
  }
}

// ---------------------------------------------------------------- JSON-RPC

const SCHEMA_ONLY_DIFF_TAGS = new Set(['empty', 'schemaDatamodel']);

function createDispatcher(args) {
  const url = args.datasource?.url;
  const datamodels = args.datamodels.map((file) => [file, fs.readFileSync(file, 'utf8')]);
  let main;
  let offline;

  const mainEngine = () => {
    if (!url) return offlineEngine();
    main ??= (async () => {
      const factory = await engines.createAdapterFactory(args.datasource);
      const engine = await engines.createEngine({ datamodels, factory, log: rpc.forwardEngineLog });
      return { engine, factory };
    })().catch((e) => {
      main = undefined; // let a later request retry the connection
      throw e;
    });
    return main;
  };
  const offlineEngine = () => {
    offline ??= (async () => {
      const factory = await engines.createOfflineAdapterFactory();
      const engine = await engines.createEngine({ datamodels, factory, log: rpc.forwardEngineLog });
      return { engine, factory };
    })();
    return offline;
  };

  const call = async (target, method, params) => {
    const { engine, factory } = await target;
    try {
      return await engine[method](params); // keep the method call bound to the wasm object
    } catch (e) {
      throw engines.resolveExternalError(e, factory);
    }
  };

  return async function dispatch(method, params) {
    switch (method) {
      case 'getDatabaseVersion':
        return call(mainEngine(), 'version', params);
      case 'diff': {
        const offlineDiff = SCHEMA_ONLY_DIFF_TAGS.has(params?.from?.tag) && SCHEMA_ONLY_DIFF_TAGS.has(params?.to?.tag);
        const { stdout, ...rest } = await call(offlineDiff ? offlineEngine() : mainEngine(), 'diff', params);
        if (stdout) await rpc.print(stdout.replace(/\n$/, ''));
        return rest;
      }
      case 'createDatabase': {
        const target = params?.datasource?.tag === 'ConnectionString' ? params.datasource.url : url;
        return { databaseName: await engines.createDatabase(target) };
      }
      case 'debugPanic':
        return call(offlineEngine(), 'debugPanic', undefined);
      case 'getDatabaseDescription':
        throw new Error('getDatabaseDescription is not supported by the WASM schema engine bridge.');
      default: {
        const { SchemaEngine } = await engines.loadBindings();
        if (method === 'constructor' || typeof SchemaEngine.prototype[method] !== 'function') {
          throw Object.assign(new Error(`Method not found: ${method}`), { rpcCode: -32601 });
        }
        return call(mainEngine(), method, params);
      }
    }
  };
}

const isWasmPanic = (e) => e instanceof WebAssembly.RuntimeError || /\bunreachable\b|panicked at/.test(e?.message ?? '');

// Errors raised while connecting carry no Prisma error code; restore the usual ones.
const CONNECTION_ERROR_CODES = [
  [/Can't reach database server/i, 'P1001'],
  [/Database `[^`]*` does not exist/i, 'P1003'],
  [/Authentication failed/i, 'P1000'],
  [/timed out/i, 'P1002'],
];

function answerError(id, e) {
  if (isWasmPanic(e)) {
    // A panicked wasm instance is unusable: answer everything and exit non-zero.
    crash(e);
    return;
  }
  if (e?.rpcCode) {
    process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code: e.rpcCode, message: e.message } })}\n`);
    return;
  }
  // Drop the Rust span trace appended to connector errors ("   0: sql_schema_connector::...").
  const message = String(e?.message ?? e).replace(/\n\s+0: [a-z_]+::[\s\S]*$/, '').trimEnd();
  const code = /^P\d{4}$/.test(e?.code ?? '') ? e.code : CONNECTION_ERROR_CODES.find(([re]) => re.test(message))?.[1];
  rpc.logLine('ERROR', { is_panic: false, message, ...(code ? { error_code: code } : {}) });
  rpc.userError(id, { message, error_code: code, meta: e?.meta });
}

async function runRpc(args) {
  let dispatch;
  try {
    dispatch = createDispatcher(args);
  } catch (e) {
    // Keep reading: exiting before the CLI's first request makes it exit 0 silently.
    dispatch = () => Promise.reject(new WebAssembly.RuntimeError(`schema-engine-bridge failed to start: ${e.message}`));
  }
  await rpc.serve(async ({ id, method, params }) => {
    try {
      rpc.result(id, await dispatch(method, params));
    } catch (e) {
      answerError(id, e);
    }
  });
  return 0;
}

// ---------------------------------------------------------------- main

async function main() {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    args = { datamodels: [], cli: undefined, broken: e };
  }
  if (args.version) {
    const { version } = await engines.loadBindings();
    process.stdout.write(`schema-engine-cli ${version()}\n`);
    return 0;
  }
  if (args.cli) return runCliCommand(args);
  if (args.broken) {
    await rpc.serve(async ({ id }) => rpc.panicError(id, `schema-engine-bridge: invalid arguments: ${args.broken.message}`));
    return 101;
  }
  // Load the wasm up front so a broken install fails every request loudly.
  await engines.loadBindings().catch((e) => {
    rpc.logLine('ERROR', { is_panic: true, message: `Could not load the WASM schema engine (${engines.wasmPath()}): ${e.message}` });
    args.loadError = e;
  });
  if (args.loadError) {
    const message = `Could not load the WASM schema engine (${engines.wasmPath()}): ${args.loadError.message}`;
    await rpc.serve(async ({ id }) => rpc.panicError(id, message));
    return 101;
  }
  return runRpc(args);
}

function crash(e) {
  const panic = engines.takePanicMessage();
  rpc.failAllAndExit(panic ? `Schema engine (WASM) panicked: ${panic}` : `schema-engine-bridge crashed: ${e?.message ?? e}`, e?.stack ?? '');
}
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);

main().then(
  (code) => process.exit(code),
  (e) => crash(e),
);
