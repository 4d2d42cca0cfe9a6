// WASM schema engine + PostgreSQL driver adapter for the schema-engine bridge.
//
// Loads the schema engine compiled to WebAssembly that ships inside the `prisma`
// package (build/schema_engine_bg.wasm, the exact engine commit the CLI expects),
// with the wasm-bindgen glue from `@prisma/schema-engine-wasm`, and connects it
// to PostgreSQL through `@prisma/adapter-pg`.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

const require = createRequire(import.meta.url);
const requireFromPg = (id) => createRequire(require.resolve('pg'))(id);

/** Absolute path of the engine wasm: $SCHEMA_ENGINE_BRIDGE_WASM or prisma/build/schema_engine_bg.wasm. */
export function wasmPath() {
  if (process.env.SCHEMA_ENGINE_BRIDGE_WASM) return path.resolve(process.env.SCHEMA_ENGINE_BRIDGE_WASM);
  return path.join(path.dirname(require.resolve('prisma/package.json')), 'build', 'schema_engine_bg.wasm');
}

// The wasm panic hook reports the panic message here before trapping.
let lastPanicMessage;
globalThis.PRISMA_WASM_PANIC_REGISTRY ??= {
  set_message(message) {
    lastPanicMessage = message;
  },
};
/** The message of the last Rust panic inside the wasm engine, if any. */
export const takePanicMessage = () => {
  const message = lastPanicMessage;
  lastPanicMessage = undefined;
  return message;
};

let bindingsPromise;
/** Instantiates the wasm module once; resolves to the wasm-bindgen bindings module. */
export function loadBindings() {
  bindingsPromise ??= (async () => {
    const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const glue = await import(pathToFileURL(gluePath).href);
    const bytes = fs.readFileSync(wasmPath());
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': glue });
    glue.__wbg_set_wasm(instance.exports);
    instance.exports.__wbindgen_start();
    return glue;
  })();
  return bindingsPromise;
}

// PostgreSQL types that the engine's catalog queries may return but that
// @prisma/adapter-pg cannot map to a column type ("Column type 'char' could not
// be deserialized"). Their text form is a plain string: the single-byte "char"
// (pg_constraint.contype, pg_class.relkind, ...) is reported as Character, which
// the engine's describer reads as a Rust char; the rest as Text.
const TEXT_OID = 25;
const CHAR_OID = 18;
const TEXTLIKE_OIDS = new Set([
  CHAR_OID,
  22, // int2vector
  24, // regproc
  30, // oidvector
  194, // pg_node_tree
  1033, // aclitem
  2202, // regprocedure
  2203, // regoper
  2204, // regoperator
  2205, // regclass
  2206, // regtype
  3734, // regconfig
  4089, // regnamespace
  4096, // regrole
]);

const PATCHED = Symbol.for('schema-engine-bridge.patched');
const PATCHED_SCRIPT = Symbol.for('schema-engine-bridge.patched-script');
const charColumns = new AsyncLocalStorage();

/**
 * Patches the adapter's shared query path once (PgQueryable.prototype: the
 * adapter, its transactions and shadow-database adapters alike).
 */
function patchQueryable(adapter, ColumnTypeEnum) {
  let proto = Object.getPrototypeOf(adapter);
  while (proto && !Object.hasOwn(proto, 'performIO')) proto = Object.getPrototypeOf(proto);
  if (!proto || !Object.hasOwn(proto, 'queryRaw')) throw new Error('schema-engine-bridge: unexpected @prisma/adapter-pg internals (no performIO/queryRaw)');
  if (proto[PATCHED]) return;
  const { performIO, queryRaw } = proto;
  proto.performIO = async function performIOTextlike(query) {
    const result = await performIO.call(this, query);
    if (result?.fields?.some((f) => TEXTLIKE_OIDS.has(f.dataTypeID))) {
      const chars = charColumns.getStore();
      result.fields = result.fields.map((f, i) => {
        if (!TEXTLIKE_OIDS.has(f.dataTypeID)) return f;
        if (f.dataTypeID === CHAR_OID) chars?.push(i);
        return { ...f, dataTypeID: TEXT_OID };
      });
    }
    return result;
  };
  proto.queryRaw = function queryRawWithChar(query) {
    const chars = [];
    return charColumns.run(chars, async () => {
      const result = await queryRaw.call(this, query);
      for (const i of chars) result.columnTypes[i] = ColumnTypeEnum.Character;
      return result;
    });
  };
  proto[PATCHED] = true;
  patchExecuteScript(adapter);
}

/**
 * The adapter's executeScript splits a migration on every ";", which breaks
 * dollar-quoted function bodies (DO $$ ... $$, CREATE FUNCTION). PostgreSQL's
 * simple-query protocol runs a whole multi-statement script in one round trip,
 * so send it unsplit.
 */
function patchExecuteScript(adapter) {
  let proto = Object.getPrototypeOf(adapter);
  while (proto && !Object.hasOwn(proto, 'executeScript')) proto = Object.getPrototypeOf(proto);
  if (!proto || proto[PATCHED_SCRIPT]) return;
  proto.executeScript = async function executeWholeScript(script) {
    try {
      await this.client.query(script);
    } catch (error) {
      this.onError(error);
    }
  };
  proto[PATCHED_SCRIPT] = true;
}

/**
 * pg pool config for a postgres:// URL, as discrete fields: @prisma/adapter-pg
 * creates its shadow database pool as `{ ...config, database }`, and pg lets a
 * `connectionString` override `database`, which would point the "shadow" pool
 * at the main database. `?schema=` becomes the search_path and adapter option.
 */
export function pgConfig(url) {
  const { parse } = requireFromPg('pg-connection-string');
  const parsed = { ...parse(url) };
  const schema = parsed.schema || undefined;
  delete parsed.schema;
  const config = { connectionTimeoutMillis: 15_000, ...parsed };
  if (schema) config.options = `${config.options ?? ''} -c search_path="${schema.replaceAll('"', '""')}"`.trim();
  const host = parsed.host?.startsWith('/') ? parsed.host : `${parsed.host ?? 'localhost'}:${parsed.port ?? 5432}`;
  return { config, schema, database: parsed.database || 'postgres', host, user: parsed.user ?? '' };
}

/**
 * Migration-aware adapter factory: the main database from `datasource.url`; the
 * shadow database is a temporary database created on the same server (or on the
 * server of `datasource.shadowDatabaseUrl`) and dropped once the engine is done.
 * (@prisma/adapter-pg's own connectToShadowDb drops the database before closing
 * its pool, which fails with "is being accessed by other users".)
 */
export async function createAdapterFactory(datasource) {
  const { PrismaPg } = await import('@prisma/adapter-pg');
  const { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } = await import('@prisma/driver-adapter-utils');
  const main = pgConfig(datasource.url);
  const shadowServer = datasource.shadowDatabaseUrl ? pgConfig(datasource.shadowDatabaseUrl) : main;
  const pgFactory = new PrismaPg(main.config, main.schema ? { schema: main.schema } : undefined);
  const factory = {
    provider: pgFactory.provider,
    adapterName: pgFactory.adapterName,
    async connect() {
      const adapter = await pgFactory.connect();
      patchQueryable(adapter, ColumnTypeEnum);
      return adapter;
    },
    async connectToShadowDb() {
      const database = `prisma_migrate_shadow_db_${randomUUID()}`;
      await withConfig(shadowServer.config, (c) => c.query(`CREATE DATABASE ${quoteIdent(database)}`));
      const adapter = await new PrismaPg({ ...shadowServer.config, database }, main.schema ? { schema: main.schema } : undefined).connect();
      patchQueryable(adapter, ColumnTypeEnum);
      const dispose = adapter.dispose.bind(adapter);
      adapter.dispose = async () => {
        try {
          await dispose();
        } finally {
          await dropDatabaseByName(shadowServer.config, database);
        }
      };
      return adapter;
    },
  };
  return bindMigrationAwareSqlAdapterFactory(factory);
}

/**
 * Adapter for engines that never touch a database (diffs between schema files /
 * empty). It answers the engine's start-up probe and refuses everything else.
 */
export async function createOfflineAdapterFactory() {
  const { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } = await import('@prisma/driver-adapter-utils');
  const refuse = () => Promise.reject(new Error('schema-engine-bridge: this operation needs a database connection'));
  const adapter = {
    provider: 'postgres',
    adapterName: 'schema-engine-bridge-offline',
    async queryRaw({ sql }) {
      if (!/\bversion\(\)/.test(sql)) return refuse();
      return {
        columnNames: ['exists', 'version', 'numeric_version'],
        columnTypes: [ColumnTypeEnum.Boolean, ColumnTypeEnum.Text, ColumnTypeEnum.Int32],
        rows: [[true, 'PostgreSQL 16.0 (schema-engine-bridge offline)', 160000]],
      };
    },
    executeRaw: refuse,
    executeScript: refuse,
    startTransaction: refuse,
    dispose: async () => {},
  };
  return bindMigrationAwareSqlAdapterFactory({
    provider: 'postgres',
    adapterName: adapter.adapterName,
    connect: async () => adapter,
    connectToShadowDb: async () => adapter,
  });
}

/** Builds a WASM schema engine. `datamodels` is [[path, content]] or undefined. */
export async function createEngine({ datamodels, factory, log }) {
  const { SchemaEngine } = await loadBindings();
  try {
    return await SchemaEngine.new({ datamodels: datamodels?.length ? datamodels : undefined }, log, factory);
  } catch (e) {
    throw resolveExternalError(e, factory);
  }
}

/** Replaces the engine's "External error id#N" with the adapter error it stands for. */
export function resolveExternalError(error, factory) {
  const m = /External error id#(\d+)/.exec(error?.message ?? '');
  const registered = m && factory?.errorRegistry?.consumeError(Number(m[1]));
  if (!registered) return error;
  const original = registered.error;
  const cause = original?.cause;
  const detail = cause && typeof cause === 'object' ? [cause.kind, cause.message ?? cause.originalMessage].filter(Boolean).join(': ') : '';
  const wrapped = new Error(original?.message && original.message !== cause?.kind ? original.message : detail || String(original));
  wrapped.name = 'SchemaConnectorError';
  return wrapped;
}

// ---- plain pg administration (the CLI's `cli <command>` form, createDatabase) ----

const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;

/** Maps a pg connection error to Prisma's user-facing error code and message. */
export function describePgError(err, url) {
  let target;
  try {
    target = pgConfig(url);
  } catch {
    return { message: `Invalid database URL: ${err?.message || err}` };
  }
  const { database, host, user } = target;
  const code = err?.code;
  if (['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'ECONNRESET', 'EAI_AGAIN'].includes(code) || /timeout/i.test(err?.message ?? '')) {
    return { error_code: 'P1001', message: `Can't reach database server at \`${host}\`\n\nPlease make sure your database server is running at \`${host}\`.` };
  }
  if (code === '3D000') return { error_code: 'P1003', message: `Database \`${database}\` does not exist on the database server at \`${host}\`.` };
  if (code === '28P01' || code === '28000') {
    return { error_code: 'P1000', message: `Authentication failed against database server at \`${host}\`, the provided database credentials for \`${user}\` are not valid.\n\nPlease make sure to provide valid database credentials for the database server at \`${host}\`.` };
  }
  if (code === '42P04') return { error_code: 'P1009', message: `Database \`${database}\` already exists on the database server at \`${host}\`` };
  return { message: err?.message || String(err) };
}

async function withConfig(config, fn) {
  const { default: pg } = await import('pg');
  const client = new pg.Client(config);
  client.on('error', () => {});
  try {
    await client.connect();
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

async function dropDatabaseByName(serverConfig, database) {
  await withConfig(serverConfig.database === database ? { ...serverConfig, database: 'postgres' } : serverConfig, async (c) => {
    try {
      await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`);
    } catch (e) {
      if (e.code !== '42601') throw e; // PostgreSQL < 13: no WITH (FORCE)
      await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)}`);
    }
  });
}

export const canConnect = (url) => withConfig(pgConfig(url).config, (c) => c.query('SELECT 1'));

/** Creates the database named in `url`, connecting to the server's `postgres` database. */
export async function createDatabase(url) {
  const { config, database } = pgConfig(url);
  await withConfig({ ...config, database: 'postgres' }, (c) => c.query(`CREATE DATABASE ${quoteIdent(database)}`));
  return database;
}

export async function dropDatabase(url) {
  const { config, database } = pgConfig(url);
  await dropDatabaseByName({ ...config, database: 'postgres' }, database);
}
