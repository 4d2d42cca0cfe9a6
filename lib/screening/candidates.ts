/**
 * Candidate search in PostgreSQL: name rows ("WatchlistNameKey") found through their blocking
 * keys, ranked by pg_trgm similarity of the canonical key, bounded by `limit`; plus exact
 * identity-number lookups (`id:` keys). Exact scoring then happens in TypeScript (score.ts).
 *
 * Every key is looked up in "WatchlistLookupKey" (one row per key of a valid name row) by btree
 * equality, `key = ANY($keys)`: the service reads the watchlists as crm_app under their row-level
 * security policies, and PostgreSQL never uses a condition that is not leakproof — the array
 * operators `&&` / `@>` that a GIN index on the key arrays would serve — as an index condition under
 * a policy: it scans the table and applies it after the policy, row by row (126 ms instead of 1.6 ms
 * for one lookup on a 100,000-entry list). Text and uuid equality are leakproof.
 */
import { conjunctiveKeySets, queryBlockKeySets, queryCodeInitialKeys, queryLooseKeys, querySubsetKeys, rarityCandidates, wordKey } from './keys';
import type { PreparedQuery, ScreenableEntry, WatchlistSource } from './score';
import type { Queryable } from './thresholds';

export interface CandidateOptions {
  tenantId: string | null;
  sources?: WatchlistSource[] | null;
  type?: 'Individual' | 'Organization' | null;
  limit: number;
}

export const ALL_SOURCES: WatchlistSource[] = ['ListSourceA', 'ListSourceB', 'Custom'];

export function queryKeys(q: PreparedQuery): { primary: string[]; fallback: string[] } {
  const primary = new Set<string>();
  const fallback = new Set<string>();
  for (const n of q.names) {
    const s = queryBlockKeySets(n, q.type);
    for (const k of s.primary) primary.add(k);
    for (const k of s.fallback) fallback.add(k);
  }
  // a rare name part finds the few listed people who bear it, in any of their names
  if (q.type === 'Individual' && q.rare && q.rare.size > 0)
    for (const n of q.names)
      for (const t of n.tokens) {
        const k = q.rare.has(t.key) ? wordKey(t) : null;
        if (k) primary.add(k);
      }
  for (const k of primary) fallback.delete(k);
  return { primary: [...primary], fallback: [...fallback] };
}

/** A name part borne by at most this many entries of the searched lists is rare (name-score.ts). */
export const RARE_NAME_PART_MAX = 2;
/** Name rows read per name part to count its entries (a person's aliases repeat a part). */
const RARE_COUNT_ROWS = 64;

/**
 * The query's name parts that at most RARE_NAME_PART_MAX entries of the searched lists bear
 * (`w:` keys, one bounded lookup per part in one statement): their token keys. Only parts
 * that may be rare are counted (keys.ts rarityCandidates: not frequent names, not titles), and
 * only for individuals.
 */
export async function findRareNameParts(db: Queryable, q: PreparedQuery, opts: CandidateOptions): Promise<Set<string>> {
  const rare = new Set<string>();
  if (q.type !== 'Individual') return rare;
  const byWord = new Map<string, string[]>();
  for (const n of q.names)
    for (const t of rarityCandidates(n)) {
      const k = wordKey(t);
      if (k) byWord.set(k, [...(byWord.get(k) ?? []), t.key]);
    }
  if (byWord.size === 0) return rare;
  const sources = opts.sources && opts.sources.length > 0 ? opts.sources : ALL_SOURCES;
  const r = await db.query(
    `SELECT w, (SELECT count(DISTINCT n."entryId")::int FROM (
              SELECT "nameKeyId" FROM (${keyRows('b."nameKeyId"', 'b.key = w', { tenantId: '$2', sources: '$3', type: `'Individual'` })}) u
               LIMIT ${RARE_COUNT_ROWS}) s
              JOIN "WatchlistNameKey" n ON n.id = s."nameKeyId") AS n
       FROM unnest($1::text[]) AS w`,
    [[...byWord.keys()], opts.tenantId, sources],
  );
  for (const row of r.rows) if (row.n > 0 && row.n <= RARE_NAME_PART_MAX) for (const key of byWord.get(row.w) ?? []) rare.add(key);
  return rare;
}

/** Rows examined per blocking query before ranking (bounds the work of very common keys). */
export const MAX_ROWS_PER_LOOKUP = 1000;
/** Any-pair rows examined for names of three or more tokens (see findCandidateIds). */
export const MAX_ROWS_SHORT_WINDOW = 400;
/** Rows examined for single-token keys (`s:`/`t:`: mononyms, one-word organizations, aliases). */
export const MAX_SINGLE_ROWS = 300;
/** Below this many candidates, the common-given-name pairs are searched too. */
export const FALLBACK_BELOW = 20;
/** Candidates kept from the loose-code fallback (spelling variants). */
export const MAX_LOOSE_CANDIDATES = 50;

interface LookupContext {
  db: Queryable;
  opts: CandidateOptions;
  sources: WatchlistSource[];
  qKeys: string[];
  ids: string[];
  seen: Set<string>;
}

function context(db: Queryable, q: PreparedQuery, opts: CandidateOptions, seen?: Iterable<string>): LookupContext {
  const sources = opts.sources && opts.sources.length > 0 ? opts.sources : ALL_SOURCES;
  return { db, opts, sources, qKeys: q.names.map((n) => n.key).filter(Boolean), ids: [], seen: new Set(seen ?? []) };
}

/**
 * Key rows of the lists a tenant sees that meet `where` (a condition on "WatchlistLookupKey" b):
 * the shared lists' and the tenant's own, as two index-only scans of the (tenantId, key, ...) index
 * (one scan per tenant scope reads only index pages; an OR of the two would visit the table).
 */
function keyRows(cols: string, where: string, scope: LookupScope): string {
  const rest = `AND ${where} AND b.source = ANY(${scope.sources}::text[])${scope.type ? ` AND b."entryType" = ${scope.type}` : ''}`;
  return `SELECT ${cols} FROM "WatchlistLookupKey" b WHERE b."tenantId" IS NULL ${rest}
      UNION ALL SELECT ${cols} FROM "WatchlistLookupKey" b WHERE b."tenantId" = ${scope.tenantId}::uuid ${rest}`;
}

interface LookupScope {
  tenantId: string;
  sources: string;
  type: string | null;
}

/**
 * Name rows (entry id and canonical key, tagged `conj`) of up to `max` distinct name rows with a
 * key row meeting `where`, chosen by name-row id when more qualify: the btree lookup reads every
 * qualifying key row (as the GIN lookup it replaced read its whole posting lists), and the id order
 * makes the choice the same on every run. `extra`: a further condition on the whole selection.
 */
function nameRows(where: string, scope: LookupScope, conj: number, max: string, extra = ''): string {
  return `(SELECT n."entryId", n.key, ${conj} AS conj FROM (
      SELECT DISTINCT "nameKeyId" FROM (${keyRows('b."nameKeyId"', where, scope)}) u${extra ? ` WHERE ${extra}` : ''} ORDER BY 1 LIMIT ${max}) h
      JOIN "WatchlistNameKey" n ON n.id = h."nameKeyId")`;
}

/**
 * One ranked lookup. `conjunctive` sets each require ALL their keys on one name row (the name
 * row's key rows grouped, an intersection: selective even for very common names); `keys` require
 * ANY, bounded to MAX_ROWS_PER_LOOKUP name rows. Rows are ranked inside PostgreSQL — conjunctive
 * hits first, then by pg_trgm similarity of the canonical key to the query — and only `limit`
 * entry ids come back.
 */
async function lookup(
  ctx: LookupContext,
  spec: { conjunctive?: string[][]; subsets?: string[]; keys?: string[]; lastKeys?: string[]; limit: number; maxRows?: number },
) {
  const conj = spec.conjunctive ?? [];
  const subsets = spec.subsets ?? [];
  const all = spec.keys ?? [];
  // keys of the last resort (x:): read only when no other part found a new entry
  const last = spec.lastKeys ?? [];
  // single-token keys select a different population (and, at a million entries, brand names
  // collide with given names): bounded separately so they never crowd out pair-key rows; so
  // are the `w:` keys of rare name parts
  const isSingle = (k: string) => k.startsWith('s:') || k.startsWith('t:') || k.startsWith('w:');
  const keys = all.filter((k) => !isSingle(k));
  const singles = all.filter(isSingle);
  if ((conj.length === 0 && subsets.length === 0 && all.length === 0 && last.length === 0) || spec.limit <= 0) return;
  const q1 = ctx.qKeys[0] ?? '';
  const q2 = ctx.qKeys.find((k) => k !== q1);
  const params: unknown[] = [q1, ctx.opts.tenantId, ctx.sources];
  const p = (v: unknown) => `$${params.push(v)}`;
  const sim = q2 === undefined ? 'similarity(key, $1)' : `GREATEST(similarity(key, $1), similarity(key, ${p(q2)}))`;
  const scope: LookupScope = { tenantId: '$2', sources: '$3', type: ctx.opts.type ? p(ctx.opts.type) : null };
  const maxRows = spec.maxRows ?? MAX_ROWS_PER_LOOKUP;
  const parts: string[] = [];
  if (conj.length > 0 || subsets.length > 0) {
    // the name rows bearing every key of a set (or any subset key): their key rows, grouped
    const wanted = [...new Set([...conj.flat(), ...subsets])];
    const having = [
      ...conj.map((set) => `array_agg(key) @> ${p(set)}::text[]`),
      ...(subsets.length > 0 ? [`bool_or(key = ANY(${p(subsets)}::text[]))`] : []),
    ].join(' OR ');
    parts.push(`(SELECT n."entryId", n.key, 1 AS conj FROM (
      SELECT "nameKeyId" FROM (${keyRows('b."nameKeyId", b.key', `b.key = ANY(${p(wanted)}::text[])`, scope)}) u
       GROUP BY 1 HAVING ${having} ORDER BY 1 LIMIT ${p(MAX_ROWS_PER_LOOKUP)}) h
      JOIN "WatchlistNameKey" n ON n.id = h."nameKeyId")`);
  }
  if (keys.length > 0) parts.push(nameRows(`b.key = ANY(${p(keys)}::text[])`, scope, 0, p(maxRows)));
  if (singles.length > 0) parts.push(nameRows(`b.key = ANY(${p(singles)}::text[])`, scope, 0, p(Math.min(maxRows, MAX_SINGLE_ROWS))));
  let from = parts.join(' UNION ALL ');
  if (last.length > 0) {
    const lastKeys = `b.key = ANY(${p(last)}::text[])`;
    from =
      parts.length === 0
        ? nameRows(lastKeys, scope, -1, p(maxRows))
        : `WITH found AS (${from}), seen AS (SELECT unnest(${p([...ctx.seen])}::uuid[]) AS id)
      SELECT * FROM found UNION ALL ${nameRows(lastKeys, scope, -1, p(maxRows), `NOT EXISTS (SELECT 1 FROM found WHERE "entryId" NOT IN (SELECT id FROM seen))`)}`;
  }
  const r = await ctx.db.query(
    `SELECT "entryId" AS id, max(conj) AS conj, max(${sim}) AS sim
       FROM (${from}) k
      GROUP BY "entryId"
      ORDER BY 2 DESC, 3 DESC
      LIMIT ${p(spec.limit + ctx.seen.size)}`,
    params,
  );
  for (const row of r.rows) {
    if (ctx.ids.length >= spec.limit) break;
    if (!ctx.seen.has(row.id)) (ctx.seen.add(row.id), ctx.ids.push(row.id));
  }
}

/** Entry ids of the candidates, best first (identity matches first). */
export async function findCandidateIds(db: Queryable, q: PreparedQuery, opts: CandidateOptions): Promise<string[]> {
  const ctx = context(db, q, opts);
  const { primary, fallback } = queryKeys(q);
  const idNumbers = [...new Set(q.identities.map((i) => i.number).filter((n) => n.length >= 5))];
  if (idNumbers.length > 0) {
    const r = await db.query(
      `SELECT DISTINCT n."entryId" AS id
         FROM (${keyRows('b."nameKeyId"', 'b.key = ANY($1::text[])', { tenantId: '$2', sources: '$3', type: null })}) u
         JOIN "WatchlistNameKey" n ON n.id = u."nameKeyId"
        LIMIT 20`,
      [idNumbers.map((n) => `id:${n}`), opts.tenantId, ctx.sources],
    );
    for (const row of r.rows) if (!ctx.seen.has(row.id)) (ctx.seen.add(row.id), ctx.ids.push(row.id));
  }
  const conjunctive = [...new Map(q.names.flatMap((n) => conjunctiveKeySets(n)).map((set) => [set.join(' '), set])).values()].slice(0, 24);
  const subsets = [...new Set(q.type === 'Individual' ? q.names.flatMap((n) => querySubsetKeys(n)) : [])];
  // Three or more tokens: the conjunctive and subset lookups cover full names and missing
  // tokens on either side, so the any-pair lookup only needs a short window (typos, a
  // different extra token); two-token names rely on it fully.
  const long = conjunctive.length > 0;
  await lookup(ctx, { conjunctive, subsets, keys: primary, limit: opts.limit, maxRows: long ? MAX_ROWS_SHORT_WINDOW : MAX_ROWS_PER_LOOKUP });
  if (ctx.ids.length < FALLBACK_BELOW) await lookup(ctx, { keys: fallback, limit: opts.limit });
  return ctx.ids;
}

/**
 * Fallback for spelling variants the blocking codes keep apart (Nowak / Novak, Jon / John):
 * loose-code pair keys, ranked by trigram similarity. `exclude`: ids already screened.
 */
export async function findLooseCandidateIds(db: Queryable, q: PreparedQuery, opts: CandidateOptions, exclude: Iterable<string> = []): Promise<string[]> {
  const ctx = context(db, q, opts, exclude);
  const keys = [...new Set(q.names.flatMap((n) => queryLooseKeys(n, q.type)))];
  // and, ranked after them, a short name with one token spelled apart from the list's: one token's code + the other's initial
  const lastKeys = [...new Set(q.names.flatMap((n) => queryCodeInitialKeys(n, q.type)))];
  await lookup(ctx, { keys, lastKeys, limit: Math.min(opts.limit, MAX_LOOSE_CANDIDATES), maxRows: MAX_ROWS_PER_LOOKUP / 2 });
  return ctx.ids;
}

export interface EntryRow extends ScreenableEntry {
  tenantId: string | null;
  nameEn: string;
  nameAr: string | null;
}

/** Loads entries (the fields the scorer and the Match response need). */
export async function loadEntries(db: Queryable, ids: string[]): Promise<EntryRow[]> {
  if (ids.length === 0) return [];
  const r = await db.query(
    `SELECT id, "tenantId", "externalId", source, type, names, "nameEn", "nameAr", dobs,
            "dobHijri", gender, "nationalityCode", "nationalityCodes", identities
       FROM "WatchlistEntry" WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  const byId = new Map<string, EntryRow>();
  for (const row of r.rows) {
    byId.set(row.id, {
      id: row.id,
      tenantId: row.tenantId,
      externalId: row.externalId,
      source: row.source,
      type: row.type,
      names: row.names ?? [],
      nameEn: row.nameEn,
      nameAr: row.nameAr,
      dobs: row.dobs ?? [],
      dobHijri: row.dobHijri,
      gender: row.gender,
      nationalityCode: row.nationalityCode,
      nationalityCodes: row.nationalityCodes ?? [],
      identities: row.identities ?? [],
    });
  }
  return ids.map((id) => byId.get(id)).filter((e): e is EntryRow => !!e);
}
