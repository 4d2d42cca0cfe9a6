// What the definition files of prisma/sql produce, read back from PostgreSQL's catalog, so two
// states can be compared: functions (pg_get_functiondef, with their grants), triggers
// (pg_get_triggerdef), policies (pg_policies), row-level security switches and grants of tables,
// indexes, default privileges, extensions, the application role, and the rows of every table.
import type pg from 'pg';

/** Object key (e.g. `function crm_can_access(uuid)`) → its definition as PostgreSQL reports it. */
export type Catalog = Map<string, string>;

const OBJECTS_SQL = `
SELECT 'function ' || p.oid::regprocedure::text AS key,
       pg_get_functiondef(p.oid) || E'\\n-- grants: ' || coalesce(p.proacl::text, 'default') AS def
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
 WHERE n.nspname = 'public' AND p.prokind IN ('f', 'p')
   AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
UNION ALL
SELECT 'trigger ' || c.relname || '.' || t.tgname, pg_get_triggerdef(t.oid) || ' -- enabled: ' || t.tgenabled::text
  FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'public' AND NOT t.tgisinternal
UNION ALL
SELECT 'policy ' || tablename || '.' || policyname,
       concat_ws(' | ', permissive, roles::text, cmd, 'USING ' || qual, 'WITH CHECK ' || with_check)
  FROM pg_policies WHERE schemaname = 'public'
UNION ALL
SELECT 'table ' || c.relname,
       concat('row level security: ', c.relrowsecurity, ', forced: ', c.relforcerowsecurity, ', grants: ', coalesce(c.relacl::text, 'default'))
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
UNION ALL
SELECT 'view ' || c.relname, pg_get_viewdef(c.oid)
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'public' AND c.relkind IN ('v', 'm')
UNION ALL
SELECT 'index ' || c.relname, pg_get_indexdef(c.oid)
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'public' AND c.relkind = 'i'
UNION ALL
SELECT 'schema ' || nspname, 'grants: ' || coalesce(nspacl::text, 'default') FROM pg_namespace WHERE nspname = 'public'
UNION ALL
SELECT 'default privileges ' || pg_get_userbyid(d.defaclrole) || ' ' || d.defaclobjtype::text || ' in ' || coalesce(n.nspname, 'all schemas'),
       d.defaclacl::text
  FROM pg_default_acl d LEFT JOIN pg_namespace n ON n.oid = d.defaclnamespace
UNION ALL
SELECT 'extension ' || extname, extversion FROM pg_extension
UNION ALL
SELECT 'role ' || r.rolname,
       concat('login: ', r.rolcanlogin, ', bypass row level security: ', r.rolbypassrls, ', superuser: ', r.rolsuper,
              ', granted to the migration user: ',
              EXISTS (SELECT 1 FROM pg_auth_members m WHERE m.roleid = r.oid AND m.member = (SELECT oid FROM pg_roles WHERE rolname = current_user)))
  FROM pg_roles r WHERE r.rolname LIKE 'crm\\_%'`;

const TABLES_SQL = `
SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations' ORDER BY 1`;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The catalog as the connected role sees it. Table rows are compared by a hash of their text: meant
 * for scratch databases, where only reference data has rows. Run as a role that row-level
 * security does not filter (the migration user).
 */
export async function readCatalog(client: pg.ClientBase): Promise<Catalog> {
  const catalog: Catalog = new Map();
  for (const row of (await client.query<{ key: string; def: string }>(OBJECTS_SQL)).rows) catalog.set(row.key, row.def);
  const tables = (await client.query<{ relname: string }>(TABLES_SQL)).rows.map((r) => r.relname);
  if (tables.length) {
    const sql = tables
      .map(
        (t) =>
          `SELECT 'rows of ' || ${pgLiteral(t)} AS key, count(*) || ' rows, md5 ' || coalesce(md5(string_agg(x::text, E'\\n' ORDER BY x::text)), '-') AS def FROM ${quoteIdent(t)} x`,
      )
      .join('\nUNION ALL\n');
    for (const row of (await client.query<{ key: string; def: string }>(sql)).rows) catalog.set(row.key, row.def);
  }
  return catalog;
}

function pgLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

export interface CatalogDiff {
  /** In `after` only. */
  added: string[];
  /** In `before` only. */
  removed: string[];
  changed: string[];
}

export function diffCatalogs(before: Catalog, after: Catalog): CatalogDiff {
  const added = [...after.keys()].filter((k) => !before.has(k)).sort();
  const removed = [...before.keys()].filter((k) => !after.has(k)).sort();
  const changed = [...after.keys()].filter((k) => before.has(k) && before.get(k) !== after.get(k)).sort();
  return { added, removed, changed };
}

export function isEmptyDiff(diff: CatalogDiff): boolean {
  return !diff.added.length && !diff.removed.length && !diff.changed.length;
}

/** One line per difference: `+ key` (added), `- key` (removed), `~ key` (changed). */
export function describeDiff(diff: CatalogDiff): string[] {
  return [...diff.added.map((k) => `+ ${k}`), ...diff.removed.map((k) => `- ${k}`), ...diff.changed.map((k) => `~ ${k}`)];
}
