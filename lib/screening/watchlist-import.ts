/**
 * Watchlist import: parse (csv | json | un-xml), then reconcile one list (source + tenant)
 * with what is stored: new externalIds are added, changed ones updated (their name keys
 * rebuilt), ones missing from the file deprecated (isValid false, deprecatedAt set), the
 * rest unchanged. Every import is a `WatchlistImport` change set with one
 * `WatchlistImportChange` row per added / updated / deprecated entry, which ongoing
 * monitoring re-screens from.
 */
import { createHash, randomUUID } from 'node:crypto';
import { hasArabic } from './arabic';
import { parseDob } from './dates';
import { buildNameKeys } from './keys';
import { parseCsv } from './parsers/csv';
import { parseJson } from './parsers/json';
import { ImportFormatError, type ImportedEntry } from './parsers/types';
import { parseUnXml } from './parsers/un-xml';
import { normalizeIdNumber, type WatchlistSource } from './score';
import type { Queryable } from './thresholds';

export type ImportFormat = 'json' | 'csv' | 'un-xml';
export { ImportFormatError };
export type { ImportedEntry };

export function guessFormat(fileName: string): ImportFormat {
  const f = fileName.toLowerCase();
  if (f.endsWith('.json')) return 'json';
  if (f.endsWith('.csv')) return 'csv';
  if (f.endsWith('.xml')) return 'un-xml';
  throw new ImportFormatError(`cannot guess the format of ${fileName}; pass --format json|csv|un-xml`);
}

export function parseWatchlist(text: string, format: ImportFormat): ImportedEntry[] {
  const entries = format === 'json' ? parseJson(text) : format === 'csv' ? parseCsv(text) : parseUnXml(text);
  const seen = new Set<string>();
  for (const e of entries) {
    if (seen.has(e.externalId)) throw new ImportFormatError(`duplicate externalId ${e.externalId}`);
    seen.add(e.externalId);
  }
  return entries;
}

/** Stable content hash of an imported entry (key order independent of the file). */
export function contentHash(e: ImportedEntry): string {
  const canon = {
    t: e.type,
    n: e.names.map((n) => [n.value, n.kind, n.quality ?? null]),
    d: e.dobs,
    h: e.dobHijri ?? null,
    g: e.gender ?? null,
    c: e.nationalityCodes,
    i: e.identities.map((i) => [i.type, i.number, i.issuingCountryCode ?? null]),
    r: e.remarks ?? null,
    l: e.listType ?? null,
    rn: e.resolutionNumber ?? null,
    o: e.orderNumber ?? null,
    u: e.unifiedNumber ?? null,
  };
  return createHash('sha256').update(JSON.stringify(canon)).digest('hex');
}

/** The database row of an entry (columns of "WatchlistEntry"). */
export function toEntryRow(e: ImportedEntry, source: WatchlistSource, tenantId: string | null, id: string = randomUUID()) {
  const names = e.names.map((n) => ({
    value: n.value,
    kind: n.kind,
    script: hasArabic(n.value) ? 'Arabic' : 'Latin',
    ...(n.quality ? { quality: n.quality } : {}),
  }));
  const latin = names.find((n) => n.script === 'Latin' && n.kind === 'Primary') ?? names.find((n) => n.script === 'Latin') ?? names[0]!;
  const arabic = names.find((n) => n.script === 'Arabic');
  const full = e.dobs.map(parseDob).find((d) => d && d.day !== undefined);
  const yearOnly = e.dobs.map(parseDob).find((d) => d && d.month === undefined);
  const first = e.identities[0];
  return {
    id,
    tenantId,
    source,
    externalId: e.externalId,
    type: e.type,
    names,
    nameEn: latin.value,
    nameAr: arabic?.value ?? null,
    idType: first?.type ?? null,
    idNumber: first?.number ?? null,
    identities: e.identities,
    idNumbersNorm: [...new Set(e.identities.map((i) => normalizeIdNumber(i.number)).filter((n) => n.length > 0))],
    dob: full ? `${full.year}-${String(full.month).padStart(2, '0')}-${String(full.day).padStart(2, '0')}` : null,
    dobYear: yearOnly ? yearOnly.year : full ? full.year : null,
    dobHijri: e.dobHijri ?? null,
    dobs: e.dobs,
    gender: e.gender ?? null,
    nationalityCode: e.nationalityCodes[0] ?? null,
    nationalityCodes: e.nationalityCodes,
    remarks: e.remarks ?? null,
    listType: e.listType ?? null,
    resolutionNumber: e.resolutionNumber ?? null,
    orderNumber: e.orderNumber ?? null,
    unifiedNumber: e.unifiedNumber ?? null,
    contentHash: contentHash(e),
  };
}

export type EntryRowInsert = ReturnType<typeof toEntryRow>;

const ENTRY_COLUMNS = `id uuid, "tenantId" uuid, source text, "externalId" text, type text, names jsonb, "nameEn" text, "nameAr" text,
  "idType" text, "idNumber" text, identities jsonb, "idNumbersNorm" text[], dob date, "dobYear" int, "dobHijri" text, dobs text[],
  gender text, "nationalityCode" text, "nationalityCodes" text[], remarks text, "listType" text, "resolutionNumber" text,
  "orderNumber" text, "unifiedNumber" text, "contentHash" text`;
const ENTRY_NAMES = ENTRY_COLUMNS.split(',')
  .map((c) => c.trim().split(/\s+/)[0])
  .join(', ');

/** Inserts entries and their name keys (batched through jsonb_to_recordset). */
export async function insertEntries(db: Queryable, rows: EntryRowInsert[], batchSize = 2000): Promise<void> {
  for (let i = 0; i < rows.length; i += batchSize) {
    const batch = rows.slice(i, i + batchSize);
    await db.query(
      `INSERT INTO "WatchlistEntry" (${ENTRY_NAMES}, "isValid", "updatedAt")
       SELECT ${ENTRY_NAMES}, true, now() FROM jsonb_to_recordset($1::jsonb) AS x(${ENTRY_COLUMNS})`,
      [JSON.stringify(batch)],
    );
    await insertNameKeys(db, batch);
  }
}

export async function insertNameKeys(db: Queryable, rows: EntryRowInsert[]): Promise<void> {
  const keys: unknown[] = [];
  for (const r of rows) {
    for (const k of buildNameKeys(r.names as { value: string; kind: 'Primary' | 'Alias' }[], r.type)) {
      keys.push({ id: randomUUID(), tenantId: r.tenantId, entryId: r.id, source: r.source, entryType: r.type, ...k });
    }
  }
  if (keys.length === 0) return;
  await db.query(
    `INSERT INTO "WatchlistNameKey" (id, "tenantId", "entryId", source, "entryType", "isValid", kind, script, value, key, phonetic, tokens, "blockKeys")
     SELECT id, "tenantId", "entryId", source, "entryType", true, kind, script, value, key, phonetic, tokens, "blockKeys"
       FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, "tenantId" uuid, "entryId" uuid, source text, "entryType" text, kind text,
            script text, value text, key text, phonetic text, tokens text[], "blockKeys" text[])`,
    [JSON.stringify(keys)],
  );
  // the rows candidate search looks keys up in (btree, usable under row-level security)
  await db.query('SELECT crm_add_watchlist_lookup_keys($1::uuid[])', [keys.map((k) => (k as { id: string }).id)]);
}

/**
 * Rebuilds the name keys (and their lookup keys) of every valid entry (of one list, or of all), in batches, each batch in
 * its own transaction with platform scope. Needed once after a change of normalization or
 * blocking codes: an import only rebuilds the keys of entries whose content changed, and a stored
 * key built by older rules is no longer looked up by today's queries. Returns the entries done.
 */
export async function rebuildNameKeys(
  db: TransactionalDb,
  opts: { source?: WatchlistSource; tenantId?: string | null; batchSize?: number } = {},
): Promise<number> {
  const batchSize = opts.batchSize ?? 2000;
  let after = '00000000-0000-0000-0000-000000000000';
  let done = 0;
  for (;;) {
    await db.query('BEGIN');
    try {
      await db.query(`SELECT set_config('app.scope', 'platform', true)`);
      const r = await db.query(
        `SELECT id, "tenantId", source, type, names FROM "WatchlistEntry"
          WHERE "isValid" AND id > $1::uuid AND ($2::text IS NULL OR source = $2) AND ($3::boolean OR "tenantId" IS NOT DISTINCT FROM $4::uuid)
          ORDER BY id LIMIT $5`,
        [after, opts.source ?? null, opts.tenantId === undefined, opts.tenantId ?? null, batchSize],
      );
      if (r.rows.length > 0) {
        await db.query('DELETE FROM "WatchlistNameKey" WHERE "entryId" = ANY($1::uuid[])', [r.rows.map((row) => row.id)]);
        await insertNameKeys(db, r.rows as EntryRowInsert[]);
      }
      await db.query('COMMIT');
      if (r.rows.length === 0) return done;
      done += r.rows.length;
      after = r.rows[r.rows.length - 1].id;
    } catch (e) {
      await db.query('ROLLBACK').catch(() => {});
      throw e;
    }
  }
}

export interface ImportCounts {
  added: number;
  updated: number;
  deprecated: number;
  unchanged: number;
}

export interface ImportResult extends ImportCounts {
  importId: string;
}

export interface TransactionalDb extends Queryable {
  /** a pg PoolClient (or Client): the import runs in one transaction on it */
}

/**
 * Reconciles a list with `entries`. Runs in one transaction on `db` (a dedicated client),
 * with platform scope for row-level security and an advisory lock per list.
 */
export async function importWatchlist(args: {
  db: TransactionalDb;
  source: WatchlistSource;
  tenantId: string | null;
  format: ImportFormat;
  fileName?: string | null;
  entries: ImportedEntry[];
}): Promise<ImportResult> {
  const { db, source, tenantId, entries } = args;
  if (source === 'Custom' && !tenantId) throw new ImportFormatError('a Custom list needs --tenant');
  if (source !== 'Custom' && tenantId) throw new ImportFormatError(`${source} is a shared list: --tenant is only for Custom`);
  await db.query('BEGIN');
  try {
    await db.query(`SELECT set_config('app.scope', 'platform', true)`);
    await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`watchlist:${source}:${tenantId ?? ''}`]);
    const existing = await db.query(
      `SELECT id, "externalId", "contentHash", "isValid", names, dobs, identities, "nationalityCodes"
         FROM "WatchlistEntry" WHERE source = $1 AND "tenantId" IS NOT DISTINCT FROM $2::uuid`,
      [source, tenantId],
    );
    const byExt = new Map<string, any>(existing.rows.map((r) => [r.externalId, r]));
    const importId = randomUUID();
    const counts: ImportCounts = { added: 0, updated: 0, deprecated: 0, unchanged: 0 };
    const toAdd: EntryRowInsert[] = [];
    const toUpdate: EntryRowInsert[] = [];
    const changes: { entryId: string; externalId: string; change: string; before: unknown; after: unknown }[] = [];
    const incoming = new Set<string>();
    for (const e of entries) {
      incoming.add(e.externalId);
      const old = byExt.get(e.externalId);
      if (!old) {
        const row = toEntryRow(e, source, tenantId);
        toAdd.push(row);
        changes.push({ entryId: row.id, externalId: e.externalId, change: 'Added', before: null, after: summary(row) });
        continue;
      }
      const row = toEntryRow(e, source, tenantId, old.id);
      if (old.contentHash === row.contentHash && old.isValid) {
        counts.unchanged++;
        continue;
      }
      toUpdate.push(row);
      changes.push({ entryId: old.id, externalId: e.externalId, change: 'Updated', before: summary(old), after: summary(row) });
    }
    const deprecatedIds: string[] = [];
    for (const old of existing.rows) {
      if (old.isValid && !incoming.has(old.externalId)) {
        deprecatedIds.push(old.id);
        changes.push({ entryId: old.id, externalId: old.externalId, change: 'Deprecated', before: summary(old), after: null });
      }
    }
    counts.added = toAdd.length;
    counts.updated = toUpdate.length;
    counts.deprecated = deprecatedIds.length;

    await insertEntries(db, toAdd);
    if (toUpdate.length > 0) {
      const ids = toUpdate.map((r) => r.id);
      await db.query(
        `UPDATE "WatchlistEntry" w SET
           type = x.type, names = x.names, "nameEn" = x."nameEn", "nameAr" = x."nameAr", "idType" = x."idType",
           "idNumber" = x."idNumber", identities = x.identities, "idNumbersNorm" = x."idNumbersNorm", dob = x.dob,
           "dobYear" = x."dobYear", "dobHijri" = x."dobHijri", dobs = x.dobs, gender = x.gender,
           "nationalityCode" = x."nationalityCode", "nationalityCodes" = x."nationalityCodes", remarks = x.remarks,
           "listType" = x."listType", "resolutionNumber" = x."resolutionNumber", "orderNumber" = x."orderNumber",
           "unifiedNumber" = x."unifiedNumber", "contentHash" = x."contentHash", "isValid" = true, "deprecatedAt" = NULL,
           "updatedAt" = now()
         FROM jsonb_to_recordset($1::jsonb) AS x(${ENTRY_COLUMNS})
         WHERE w.id = x.id`,
        [JSON.stringify(toUpdate)],
      );
      await db.query('DELETE FROM "WatchlistNameKey" WHERE "entryId" = ANY($1::uuid[])', [ids]);
      await insertNameKeys(db, toUpdate);
    }
    if (deprecatedIds.length > 0) {
      await db.query(`UPDATE "WatchlistEntry" SET "isValid" = false, "deprecatedAt" = now(), "updatedAt" = now() WHERE id = ANY($1::uuid[])`, [deprecatedIds]);
      await db.query(`UPDATE "WatchlistNameKey" SET "isValid" = false WHERE "entryId" = ANY($1::uuid[])`, [deprecatedIds]);
      // a deprecated entry is never a candidate: its lookup keys go (an import that lists it again rebuilds them)
      await db.query(`DELETE FROM "WatchlistLookupKey" WHERE "nameKeyId" IN (SELECT id FROM "WatchlistNameKey" WHERE "entryId" = ANY($1::uuid[]))`, [
        deprecatedIds,
      ]);
    }
    // The list's size after this import, from what was read above (no count of a million rows): every
    // entry of the file is valid now, every other entry of the list (kept or newly removed) is not.
    const activeEntries = incoming.size;
    const deprecatedEntries = existing.rows.length + toAdd.length - activeEntries;
    await db.query(
      `INSERT INTO "WatchlistImport" (id, "tenantId", source, format, "fileName", added, updated, deprecated, unchanged, "activeEntries", "deprecatedEntries")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        importId,
        tenantId,
        source,
        args.format,
        args.fileName ?? null,
        counts.added,
        counts.updated,
        counts.deprecated,
        counts.unchanged,
        activeEntries,
        deprecatedEntries,
      ],
    );
    for (let i = 0; i < changes.length; i += 2000) {
      const batch = changes.slice(i, i + 2000).map((c) => ({ id: randomUUID(), ...c }));
      await db.query(
        `INSERT INTO "WatchlistImportChange" (id, "tenantId", "importId", "entryId", "externalId", change, before, after)
         SELECT x.id, $2::uuid, $3::uuid, x."entryId", x."externalId", x.change, x.before, x.after
           FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, "entryId" uuid, "externalId" text, change text, before jsonb, after jsonb)`,
        [JSON.stringify(batch), tenantId, importId],
      );
    }
    await db.query('COMMIT');
    return { importId, ...counts };
  } catch (e) {
    await db.query('ROLLBACK').catch(() => {});
    throw e;
  }
}

function summary(r: { names?: unknown; dobs?: unknown; identities?: unknown; nationalityCodes?: unknown }) {
  return { names: r.names ?? [], dobs: r.dobs ?? [], identities: r.identities ?? [], nationalityCodes: r.nationalityCodes ?? [] };
}
