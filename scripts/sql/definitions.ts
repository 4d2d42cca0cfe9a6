// The definition files of prisma/sql (functions, triggers, policies and grants, reference data),
// read in the order prisma/sql/order.txt gives.
import fs from 'node:fs';
import path from 'node:path';

export const SQL_DIR = path.resolve('prisma/sql');
/** The line of order.txt where Prisma's DDL goes. */
export const PRISMA_SCHEMA_MARK = '@prisma-schema';
const MAINTENANCE = 'maintenance';

export interface Definition {
  /** Path relative to the prisma/sql folder, e.g. `functions/crm_can_access.sql`. */
  file: string;
  sql: string;
  /** maintenance/ files to run after this one changed (`-- @then-run <file>` lines). */
  thenRun: string[];
}

export interface Definitions {
  dir: string;
  /** Files that Prisma's DDL needs (extensions). */
  beforeSchema: Definition[];
  afterSchema: Definition[];
}

/** Reads prisma/sql; throws when order.txt and the folder disagree, so no file is silently left out. */
export function readDefinitions(dir = SQL_DIR): Definitions {
  const order = fs
    .readFileSync(path.join(dir, 'order.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const onDisk = listSqlFiles(dir).filter((file) => !file.startsWith(`${MAINTENANCE}/`));
  const listed = order.filter((line) => line !== PRISMA_SCHEMA_MARK);
  const missing = onDisk.filter((file) => !listed.includes(file));
  if (missing.length) throw new Error(`prisma/sql/order.txt does not list ${missing.join(', ')}`);
  const unknown = listed.filter((file) => !onDisk.includes(file));
  if (unknown.length) throw new Error(`prisma/sql/order.txt lists files that do not exist: ${unknown.join(', ')}`);
  if (new Set(listed).size !== listed.length) throw new Error('prisma/sql/order.txt lists a file twice');
  const mark = order.indexOf(PRISMA_SCHEMA_MARK);
  if (mark < 0) throw new Error(`prisma/sql/order.txt has no ${PRISMA_SCHEMA_MARK} line`);
  const read = (file: string): Definition => {
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    const thenRun = [...sql.matchAll(/^--\s*@then-run\s+(\S+)\s*$/gm)].map((m) => m[1]!);
    for (const step of thenRun) {
      if (!step.startsWith(`${MAINTENANCE}/`) || !fs.existsSync(path.join(dir, step))) {
        throw new Error(`prisma/sql/${file}: @then-run ${step} is not a file of prisma/sql/${MAINTENANCE}`);
      }
    }
    return { file, sql, thenRun };
  };
  return { dir, beforeSchema: order.slice(0, mark).map(read), afterSchema: order.slice(mark + 1).map(read) };
}

export function readMaintenanceStep(defs: Definitions, file: string): string {
  return fs.readFileSync(path.join(defs.dir, file), 'utf8');
}

function listSqlFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return listSqlFiles(dir, relative);
    return entry.name.endsWith('.sql') ? [relative] : [];
  });
}
