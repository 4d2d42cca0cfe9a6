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
import { conjunctiveHaving, encodeConjunctive, type ConjunctiveEncoding } from './conjunctive-masks';
import { conjunctiveNameRowsSql, keyRowsSql, nameRowsSql, type KeyRowScope } from './key-rows';
import { IDENTITY_MANY_SQL, LOOKUP_MANY_SQL, MAX_CONJUNCTIVE_SETS, type IdentityRecord, type LookupRecord } from './lookup-many';
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

/** The `w:` keys of a query's name parts worth counting, each with the token keys it stands for. */
function rarityWords(q: PreparedQuery): Map<string, string[]> {
  const byWord = new Map<string, string[]>();
  if (q.type !== 'Individual') return byWord;
  for (const n of q.names)
    for (const t of rarityCandidates(n)) {
      const k = wordKey(t);
      if (k) byWord.set(k, [...(byWord.get(k) ?? []), t.key]);
    }
  return byWord;
}

/** The statement counting the entries that bear each word (its parameters appended to `params`). */
function raritySql(words: string[], opts: CandidateOptions, params: unknown[]): string {
  const p = (v: unknown) => `$${params.push(v)}`;
  const sources = opts.sources && opts.sources.length > 0 ? opts.sources : ALL_SOURCES;
  const w = p(words);
  const scope: KeyRowScope = { tenant: `${p(opts.tenantId)}::uuid`, sources: `${p(sources)}::text[]`, typeCondition: ` AND b."entryType" = 'Individual'` };
  return `SELECT w, (SELECT count(DISTINCT n."entryId")::int FROM (
              SELECT "nameKeyId" FROM (${keyRowsSql('b."nameKeyId"', 'b.key = w', scope)}) u
               LIMIT ${RARE_COUNT_ROWS}) s
              JOIN "WatchlistNameKey" n ON n.id = s."nameKeyId") AS n
       FROM unnest(${w}::text[]) AS w`;
}

function rareOf(byWord: Map<string, string[]>, rows: { w: string; n: number }[]): Set<string> {
  const rare = new Set<string>();
  for (const row of rows) if (row.n > 0 && row.n <= RARE_NAME_PART_MAX) for (const key of byWord.get(row.w) ?? []) rare.add(key);
  return rare;
}

/**
 * The query's name parts that at most RARE_NAME_PART_MAX entries of the searched lists bear
 * (`w:` keys, one bounded lookup per part in one statement): their token keys. Only parts
 * that may be rare are counted (keys.ts rarityCandidates: not frequent names, not titles), and
 * only for individuals.
 */
export async function findRareNameParts(db: Queryable, q: PreparedQuery, opts: CandidateOptions): Promise<Set<string>> {
  const byWord = rarityWords(q);
  if (byWord.size === 0) return new Set();
  const params: unknown[] = [];
  const r = await db.query(raritySql([...byWord.keys()], opts, params), params);
  return rareOf(byWord, r.rows);
}

/** findRareNameParts for many queries in one statement; the parts of each are the ones it returns. */
export async function findRareNamePartsMany(db: Queryable, queries: { q: PreparedQuery; opts: CandidateOptions }[]): Promise<Set<string>[]> {
  const words = queries.map(({ q }) => rarityWords(q));
  const rows = await taggedStatements<{ w: string; n: number }>(db, queries.length, (i, params) =>
    words[i]!.size > 0 ? `SELECT ${i} AS i, r.w, r.n FROM (${raritySql([...words[i]!.keys()], queries[i]!.opts, params)}) r` : null,
  );
  return words.map((byWord, i) => rareOf(byWord, rows.get(i) ?? []));
}

/** Parameters per statement of a set-based lookup (PostgreSQL allows 65,535). */
const MAX_PARAMS_PER_STATEMENT = 30_000;

/**
 * Runs one statement per query as few statements as possible: each built by `build` (its parameters
 * appended to `params`, tagged with the query's position `i`), joined with UNION ALL. Returns the
 * rows of each query, in the order PostgreSQL returned them.
 */
async function taggedStatements<T>(db: Queryable, count: number, build: (i: number, params: unknown[]) => string | null): Promise<Map<number, T[]>> {
  const out = new Map<number, T[]>();
  let params: unknown[] = [];
  let parts: string[] = [];
  const flush = async () => {
    if (!parts.length) return;
    const r = await db.query(parts.map((part) => `(${part})`).join('\n UNION ALL\n'), params);
    for (const row of r.rows as (T & { i: number })[]) {
      const list = out.get(row.i) ?? [];
      list.push(row);
      out.set(row.i, list);
    }
    params = [];
    parts = [];
  };
  for (let i = 0; i < count; i++) {
    const sql = build(i, params);
    if (sql !== null) parts.push(sql);
    if (params.length >= MAX_PARAMS_PER_STATEMENT) await flush();
  }
  await flush();
  return out;
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

/** The scope of a one-query lookup: its tenant, lists and entry type bound as parameters (`p`). */
function boundScope(p: (v: unknown) => string, tenantId: string | null, sources: readonly string[], type: string | null): KeyRowScope {
  return { tenant: `${p(tenantId)}::uuid`, sources: `${p(sources)}::text[]`, typeCondition: type ? ` AND b."entryType" = ${p(type)}` : '' };
}

interface LookupSpec {
  conjunctive?: string[][];
  subsets?: string[];
  keys?: string[];
  /** keys of the last resort (x:): read only when no other part found a new entry */
  lastKeys?: string[];
  limit: number;
  maxRows?: number;
}

interface RankedRow {
  id: string;
  conj: number;
  sim: number;
}

/**
 * One ranked lookup. `conjunctive` sets each require ALL their keys on one name row (the name
 * row's key rows grouped, an intersection: selective even for very common names); `keys` require
 * ANY, bounded to MAX_ROWS_PER_LOOKUP name rows. Rows are ranked inside PostgreSQL — conjunctive
 * hits first, then by pg_trgm similarity of the canonical key to the query, then the entry id (a
 * total order, so ties are decided the same way every time) — and only `limit` entry ids come
 * back. Returns the statement (its parameters appended to `params`, so that the lookups of many
 * queries can share one statement), or null when there is nothing to look up.
 */
function lookupSql(ctx: LookupContext, spec: LookupSpec, params: unknown[]): string | null {
  const input = lookupInputs(ctx, spec);
  if (input === null) return null;
  const { conj, subsets, keys, singles, last, maxRows } = input;
  const p = (v: unknown) => `$${params.push(v)}`;
  const q1 = p(input.q1);
  const sim = input.q2 === null ? `similarity(key, ${q1})` : `GREATEST(similarity(key, ${q1}), similarity(key, ${p(input.q2)}))`;
  const scope = boundScope(p, ctx.opts.tenantId, ctx.sources, ctx.opts.type ?? null);
  const parts: string[] = [];
  if (conj.length > 0 || subsets.length > 0) {
    // the name rows bearing every key of a set (or any subset key): their key rows, grouped
    const { encoding } = input;
    const having = conjunctiveHaving(
      'u',
      encoding.masks.map((m) => ({ low: `${p(m.low)}::bigint`, high: `${p(m.high)}::bigint` })),
      // the two counts are integers of ours, written in (a parameter the condition leaves out would have no type)
      subsets.length > 0 ? String(encoding.nconj) : null,
      String(encoding.minset),
    );
    parts.push(conjunctiveNameRowsSql(`${p(encoding.wanted)}::text[]`, scope, having, p(MAX_ROWS_PER_LOOKUP)));
  }
  if (keys.length > 0) parts.push(nameRowsSql(`b.key = ANY(${p(keys)}::text[])`, scope, 0, p(maxRows)));
  if (singles.length > 0) parts.push(nameRowsSql(`b.key = ANY(${p(singles)}::text[])`, scope, 0, p(input.singleMax)));
  let from = parts.join(' UNION ALL ');
  if (last.length > 0) {
    const lastKeys = `b.key = ANY(${p(last)}::text[])`;
    from =
      parts.length === 0
        ? nameRowsSql(lastKeys, scope, -1, p(maxRows))
        : `WITH found AS (${from}), seen AS (SELECT unnest(${p([...ctx.seen])}::uuid[]) AS id)
      SELECT * FROM found UNION ALL ${nameRowsSql(lastKeys, scope, -1, p(maxRows), `NOT EXISTS (SELECT 1 FROM found WHERE "entryId" NOT IN (SELECT id FROM seen))`)}`;
  }
  return `SELECT "entryId" AS id, max(conj) AS conj, max(${sim}) AS sim
       FROM (${from}) k
      GROUP BY "entryId"
      ORDER BY 2 DESC, 3 DESC, 1
      LIMIT ${p(input.limit)}`;
}

interface LookupInputs {
  conj: string[][];
  subsets: string[];
  /** the keys of the conjunctive part (its sets' and the subset keys), their positions and the sets' masks */
  encoding: ConjunctiveEncoding;
  keys: string[];
  singles: string[];
  last: string[];
  q1: string;
  q2: string | null;
  maxRows: number;
  singleMax: number;
  /** rows the statement returns: the lookup's limit plus the ids the query has already */
  limit: number;
}

/** What one lookup reads, bounds and ranks by (lookupSql, and lookup-many.ts for a batch); null when there is nothing to look up. */
function lookupInputs(ctx: LookupContext, spec: LookupSpec): LookupInputs | null {
  const conj = spec.conjunctive ?? [];
  const subsets = spec.subsets ?? [];
  const all = spec.keys ?? [];
  // keys of the last resort (x:): read only when no other part found a new entry
  const last = spec.lastKeys ?? [];
  // single-token keys select a different population (and, at a million entries, brand names
  // collide with given names): bounded separately so they never crowd out pair-key rows; so
  // are the `w:` keys of rare name parts
  const isSingle = (k: string) => k.startsWith('s:') || k.startsWith('t:') || k.startsWith('w:');
  if ((conj.length === 0 && subsets.length === 0 && all.length === 0 && last.length === 0) || spec.limit <= 0) return null;
  const maxRows = spec.maxRows ?? MAX_ROWS_PER_LOOKUP;
  return {
    conj,
    subsets,
    encoding: encodeConjunctive(conj, subsets),
    keys: all.filter((k) => !isSingle(k)),
    singles: all.filter(isSingle),
    last,
    q1: ctx.qKeys[0] ?? '',
    q2: ctx.qKeys.find((k) => k !== (ctx.qKeys[0] ?? '')) ?? null,
    maxRows,
    singleMax: Math.min(maxRows, MAX_SINGLE_ROWS),
    limit: spec.limit + ctx.seen.size,
  };
}

/** One query's row of the batch statement (lookup-many.ts): the inputs of its lookupSql. */
function lookupRecord(i: number, ctx: LookupContext, spec: LookupSpec): LookupRecord | null {
  const input = lookupInputs(ctx, spec);
  if (input === null) return null;
  if (input.conj.length > MAX_CONJUNCTIVE_SETS) throw new Error(`a lookup has at most ${MAX_CONJUNCTIVE_SETS} conjunctive sets`);
  return {
    i,
    tenant: ctx.opts.tenantId,
    sources: ctx.sources,
    etype: ctx.opts.type ?? null,
    q1: input.q1,
    q2: input.q2,
    wanted: input.encoding.wanted,
    nconj: input.encoding.nconj,
    minset: input.encoding.minset,
    ...Object.fromEntries(
      input.encoding.masks.flatMap((m, k) => [
        [`l${k + 1}`, m.low],
        [`h${k + 1}`, m.high],
      ]),
    ),
    keys: input.keys,
    singles: input.singles,
    last: input.last,
    seen: input.last.length > 0 ? [...ctx.seen] : [],
    lim: input.limit,
    maxrows: input.maxRows,
    singlemax: input.singleMax,
    conjmax: MAX_ROWS_PER_LOOKUP,
  };
}

/** Keeps a lookup's ranked rows (best first) up to `limit` ids in all, skipping ids already found. */
function takeRanked(ctx: LookupContext, rows: readonly { id: string }[], limit: number): void {
  for (const row of rows) {
    if (ctx.ids.length >= limit) break;
    if (!ctx.seen.has(row.id)) (ctx.seen.add(row.id), ctx.ids.push(row.id));
  }
}

async function lookup(ctx: LookupContext, spec: LookupSpec) {
  const params: unknown[] = [];
  const sql = lookupSql(ctx, spec, params);
  if (sql === null) return;
  const r = await ctx.db.query(sql, params);
  takeRanked(ctx, r.rows, spec.limit);
}

/**
 * The lookups of many queries in one statement (lookup-many.ts): each query's subquery is the
 * statement `lookup` runs for it (same keys, same row bounds, same ranking and limit); each query's
 * rows are then ranked again in process by the same total order (conj, similarity, id) and kept
 * exactly as `lookup` keeps them.
 */
async function lookupMany(db: Queryable, work: { ctx: LookupContext; spec: LookupSpec }[]): Promise<void> {
  const records = work.flatMap(({ ctx, spec }, i) => lookupRecord(i, ctx, spec) ?? []);
  if (records.length === 0) return;
  const rows = groupByQuery<RankedRow>((await db.query(LOOKUP_MANY_SQL, [JSON.stringify(records)])).rows);
  for (const [i, list] of rows) {
    const ranked = list.map((r) => ({ id: r.id, conj: Number(r.conj), sim: Number(r.sim) }));
    ranked.sort((a, b) => b.conj - a.conj || b.sim - a.sim || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    takeRanked(work[i]!.ctx, ranked, work[i]!.spec.limit);
  }
}

/** Rows tagged with their query's position `i`, per query. */
function groupByQuery<T>(rows: (T & { i: number })[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(row.i) ?? [];
    list.push(row);
    out.set(row.i, list);
  }
  return out;
}

function identityNumbers(q: PreparedQuery): string[] {
  return [...new Set(q.identities.map((i) => i.number).filter((n) => n.length >= 5))];
}

/** Entries bearing one of the identity numbers (`id:` keys), in entry-id order (at most 20). */
function identitySql(ctx: LookupContext, idNumbers: string[], params: unknown[]): string {
  const p = (v: unknown) => `$${params.push(v)}`;
  const keys = p(idNumbers.map((n) => `id:${n}`));
  const scope = boundScope(p, ctx.opts.tenantId, ctx.sources, null);
  return `SELECT DISTINCT n."entryId" AS id
         FROM (${keyRowsSql('b."nameKeyId"', `b.key = ANY(${keys}::text[])`, scope)}) u
         JOIN "WatchlistNameKey" n ON n.id = u."nameKeyId"
        ORDER BY 1 LIMIT 20`;
}

function takeIdentities(ctx: LookupContext, rows: readonly { id: string }[]): void {
  for (const row of rows) if (!ctx.seen.has(row.id)) (ctx.seen.add(row.id), ctx.ids.push(row.id));
}

/** The first lookup of a query: conjunctive and subset sets and the primary keys. */
function primarySpec(q: PreparedQuery, opts: CandidateOptions): LookupSpec {
  const { primary } = queryKeys(q);
  const conjunctive = [...new Map(q.names.flatMap((n) => conjunctiveKeySets(n)).map((set) => [set.join(' '), set])).values()].slice(0, MAX_CONJUNCTIVE_SETS);
  const subsets = [...new Set(q.type === 'Individual' ? q.names.flatMap((n) => querySubsetKeys(n)) : [])];
  // Three or more tokens: the conjunctive and subset lookups cover full names and missing
  // tokens on either side, so the any-pair lookup only needs a short window (typos, a
  // different extra token); two-token names rely on it fully.
  const long = conjunctive.length > 0;
  return { conjunctive, subsets, keys: primary, limit: opts.limit, maxRows: long ? MAX_ROWS_SHORT_WINDOW : MAX_ROWS_PER_LOOKUP };
}

/** Entry ids of the candidates, best first (identity matches first). */
export async function findCandidateIds(db: Queryable, q: PreparedQuery, opts: CandidateOptions): Promise<string[]> {
  const ctx = context(db, q, opts);
  const idNumbers = identityNumbers(q);
  if (idNumbers.length > 0) {
    const params: unknown[] = [];
    takeIdentities(ctx, (await db.query(identitySql(ctx, idNumbers, params), params)).rows);
  }
  await lookup(ctx, primarySpec(q, opts));
  if (ctx.ids.length < FALLBACK_BELOW) await lookup(ctx, { keys: queryKeys(q).fallback, limit: opts.limit });
  return ctx.ids;
}

/**
 * findCandidateIds for many queries at once (bulk onboarding screens a chunk of clients): the same
 * lookups with the same bounds per query, but each step runs for every query in one statement
 * (identity numbers, then the primary lookups, then the fallback lookups of the queries that need
 * them), so a chunk costs three round trips instead of two or three per client. The ids of each
 * query are exactly the ones findCandidateIds returns for it.
 */
export async function findCandidateIdsMany(db: Queryable, queries: { q: PreparedQuery; opts: CandidateOptions }[]): Promise<string[][]> {
  const ctxs = queries.map(({ q, opts }) => context(db, q, opts));
  const numbers = queries.map(({ q }) => identityNumbers(q));
  const records: IdentityRecord[] = numbers.flatMap((n, i) =>
    n.length > 0 ? [{ i, tenant: ctxs[i]!.opts.tenantId, sources: ctxs[i]!.sources, keys: n.map((x) => `id:${x}`) }] : [],
  );
  const found = records.length > 0 ? groupByQuery<{ id: string }>((await db.query(IDENTITY_MANY_SQL, [JSON.stringify(records)])).rows) : new Map();
  for (const [i, rows] of found)
    takeIdentities(
      ctxs[i]!,
      [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    );
  await lookupMany(
    db,
    queries.map(({ q, opts }, i) => ({ ctx: ctxs[i]!, spec: primarySpec(q, opts) })),
  );
  await lookupMany(
    db,
    queries.flatMap(({ q, opts }, i) =>
      ctxs[i]!.ids.length < FALLBACK_BELOW ? [{ ctx: ctxs[i]!, spec: { keys: queryKeys(q).fallback, limit: opts.limit } }] : [],
    ),
  );
  return ctxs.map((ctx) => ctx.ids);
}

function looseSpec(q: PreparedQuery, opts: CandidateOptions): LookupSpec {
  const keys = [...new Set(q.names.flatMap((n) => queryLooseKeys(n, q.type)))];
  // and, ranked after them, a short name with one token spelled apart from the list's: one token's code + the other's initial
  const lastKeys = [...new Set(q.names.flatMap((n) => queryCodeInitialKeys(n, q.type)))];
  return { keys, lastKeys, limit: Math.min(opts.limit, MAX_LOOSE_CANDIDATES), maxRows: MAX_ROWS_PER_LOOKUP / 2 };
}

/**
 * Fallback for spelling variants the blocking codes keep apart (Nowak / Novak, Jon / John):
 * loose-code pair keys, ranked by trigram similarity. `exclude`: ids already screened.
 */
export async function findLooseCandidateIds(db: Queryable, q: PreparedQuery, opts: CandidateOptions, exclude: Iterable<string> = []): Promise<string[]> {
  const ctx = context(db, q, opts, exclude);
  await lookup(ctx, looseSpec(q, opts));
  return ctx.ids;
}

/** findLooseCandidateIds for many queries in one statement; the ids of each are the ones it returns. */
export async function findLooseCandidateIdsMany(
  db: Queryable,
  queries: { q: PreparedQuery; opts: CandidateOptions; exclude: Iterable<string> }[],
): Promise<string[][]> {
  const work = queries.map(({ q, opts, exclude }) => ({ ctx: context(db, q, opts, exclude), spec: looseSpec(q, opts) }));
  await lookupMany(db, work);
  return work.map((w) => w.ctx.ids);
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
