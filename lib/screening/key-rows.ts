/**
 * The SQL that reads a lookup's key rows ("WatchlistLookupKey" b) and the name rows they select, for
 * the one-query lookups (candidates.ts, their values bound as parameters) and the batch lookups
 * (lookup-many.ts, their values read from each query's row `q`): one text for both, so the two
 * forms cannot drift apart (screen-many.db.test.ts checks that they return the same rows).
 */

/** Where a lookup's key rows come from, as SQL expressions of the statement that embeds them. */
export interface KeyRowScope {
  /** the tenant whose own lists are read beside the shared ones (a uuid expression) */
  tenant: string;
  /** the lists searched (a text[] expression) */
  sources: string;
  /** the entry-type condition, starting with ` AND` (empty for any type) */
  typeCondition: string;
}

/**
 * Key rows of the lists a tenant sees that meet `where` (a condition on b): the shared lists' and
 * the tenant's own, as two index-only scans of the (tenantId, key, ...) index (one scan per tenant
 * scope reads only index pages; an OR of the two would visit the table).
 */
export function keyRowsSql(cols: string, where: string, scope: KeyRowScope): string {
  const rest = `AND ${where} AND b.source = ANY(${scope.sources})${scope.typeCondition}`;
  return `SELECT ${cols} FROM "WatchlistLookupKey" b WHERE b."tenantId" IS NULL ${rest}
      UNION ALL SELECT ${cols} FROM "WatchlistLookupKey" b WHERE b."tenantId" = ${scope.tenant} ${rest}`;
}

/** Key rows of the keys `wanted` (a text[] expression), each with its key's 1-based position `pos` (conjunctive-masks.ts). */
export function positionedKeyRowsSql(wanted: string, scope: KeyRowScope): string {
  const rest = `AND b.key = w.key AND b.source = ANY(${scope.sources})${scope.typeCondition}`;
  return `SELECT b."nameKeyId", w.pos FROM unnest(${wanted}) WITH ORDINALITY AS w(key, pos) JOIN "WatchlistLookupKey" b ON b."tenantId" IS NULL ${rest}
      UNION ALL SELECT b."nameKeyId", w.pos FROM unnest(${wanted}) WITH ORDINALITY AS w(key, pos) JOIN "WatchlistLookupKey" b ON b."tenantId" = ${scope.tenant} ${rest}`;
}

/**
 * Name rows (entry id and canonical key, tagged `conj`) of up to `max` distinct name rows with a
 * key row meeting `where`. When more qualify, those sharing the most of the looked-up keys with the
 * query come first (then name-row id, so the choice is the same on every run): the btree lookup reads
 * every qualifying key row anyway (as the GIN lookup it replaced read its whole posting lists), and
 * the GIN lookup kept the first rows in table order, which favoured whatever was imported first.
 * `extra`: a further condition on the whole selection.
 */
export function nameRowsSql(where: string, scope: KeyRowScope, conj: number, max: string, extra = ''): string {
  return `(SELECT n."entryId", n.key, ${conj} AS conj FROM (
      SELECT "nameKeyId" FROM (${keyRowsSql('b."nameKeyId"', where, scope)}) u${extra ? ` WHERE ${extra}` : ''}
       GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT ${max}) h
      JOIN "WatchlistNameKey" n ON n.id = h."nameKeyId")`;
}

/**
 * Name rows (tagged `conj` 1) of up to `max` distinct name rows whose key rows among `wanted` meet
 * `having` (conjunctive-masks.ts conjunctiveHaving over the positioned key rows `u`), those with the
 * most key rows first, then by name-row id.
 */
export function conjunctiveNameRowsSql(wanted: string, scope: KeyRowScope, having: string, max: string): string {
  return `(SELECT n."entryId", n.key, 1 AS conj FROM (
      SELECT "nameKeyId" FROM (${positionedKeyRowsSql(wanted, scope)}) u
       GROUP BY 1 HAVING ${having} ORDER BY count(*) DESC, 1 LIMIT ${max}) h
      JOIN "WatchlistNameKey" n ON n.id = h."nameKeyId")`;
}
