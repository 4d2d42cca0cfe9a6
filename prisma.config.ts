import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'prisma/config';

// Where the service's embedded PostgreSQL listens in development.
const DEFAULT_DATABASE_URL = 'postgresql://postgres:postgres@127.0.0.1:54329/crm';

// Migrations run on the WASM schema engine shipped in the `prisma` package,
// through a small stdio bridge: no native schema-engine binary is downloaded.
const rootDir = path.dirname(fileURLToPath(import.meta.url));
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(rootDir, 'scripts', 'prisma-engine', 'schema-engine-bridge.mjs');

export default defineConfig({
  // A folder: every *.prisma file in it (recursively) is part of the schema.
  schema: path.join(rootDir, 'prisma', 'schema'),
  migrations: {
    path: path.join(rootDir, 'prisma', 'migrations'),
  },
  datasource: {
    // Not env('DATABASE_URL'): that throws when the variable is unset, even for `prisma generate`.
    url: process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
  },
});
