/**
 * The set-based form of the candidate lookups (candidates.ts) that bulk onboarding runs for a batch of
 * clients: one statement per step for the whole batch, each query's lookup a LATERAL subquery over its
 * row of a jsonb array (its keys, bounds and scope), instead of one UNION ALL arm per query, which
 * PostgreSQL planned again for every batch (50 arms). Its plan is the same small plan whatever the
 * batch. Each query's subquery is its own statement of candidates.ts with the same keys, bounds,
 * ranking and limit, so it returns the same rows (screen-many.db.test.ts compares them).
 */

import { conjunctiveHaving } from './conjunctive-masks';
import { conjunctiveNameRowsSql, keyRowsSql, nameRowsSql, type KeyRowScope } from './key-rows';

/** One query's lookup (candidates.ts lookupSql): its keys and bounds, and the lists it may read. */
export interface LookupRecord {
  /** the query's position in the batch */
  i: number;
  tenant: string | null;
  sources: string[];
  /** entry type searched, null for any */
  etype: string | null;
  /** the query's canonical keys ranked against (trigram similarity): the first, and another if any */
  q1: string;
  q2: string | null;
  /** keys of the conjunctive part: the sets' keys first (positions 1…nconj), then the subset keys (conjunctive-masks.ts) */
  wanted: string[];
  nconj: number;
  /** distinct keys of the query's smallest set */
  minset: number;
  /**
   * The conjunctive sets' masks, at most MAX_CONJUNCTIVE_SETS: set k's low word in `l<k>` and high word
   * in `h<k>` (from 1; decimal strings, read as bigint), left out (so null) for the sets a query does not have
   */
  [mask: `${'l' | 'h'}${number}`]: string | undefined;
  keys: string[];
  singles: string[];
  /** keys of the last resort, read only when no other part found an entry not in `seen` */
  last: string[];
  seen: string[];
  /** rows returned: the query's limit plus the ids it has already */
  lim: number;
  maxrows: number;
  singlemax: number;
  conjmax: number;
}

/** Conjunctive sets a query looks up at most (candidates.ts primarySpec). */
export const MAX_CONJUNCTIVE_SETS = 24;
const SETS = Array.from({ length: MAX_CONJUNCTIVE_SETS }, (_, k) => k + 1);
/**
 * The record's masks of the conjunctive sets, each a field of its own (a set a query does not have is
 * null, and a comparison with null is null, which HAVING treats as false). An EXISTS over an array of
 * the sets cost a subplan per name row group: at 1,000,000 entries, 5,000 groups per query.
 */
const CONJUNCTIVE_HAVING = conjunctiveHaving(
  'u',
  SETS.map((k) => ({ low: `q.l${k}`, high: `q.h${k}` })),
  'q.nconj',
  'q.minset',
);

/** Each query's scope, read from its row `q`. */
const SCOPE: KeyRowScope = { tenant: 'q.tenant', sources: 'q.sources', typeCondition: ` AND (q.etype IS NULL OR b."entryType" = q.etype)` };

/** $1: the jsonb array of LookupRecord. Rows (i, id, conj, sim): each query's ranked entries, at most its `lim`. */
export const LOOKUP_MANY_SQL = `SELECT q.i, x.id, x.conj, x.sim
  FROM jsonb_to_recordset($1::jsonb) AS q(i int, tenant uuid, sources text[], etype text, q1 text, q2 text, wanted text[],
       nconj int, minset int, ${SETS.map((k) => `l${k} bigint, h${k} bigint`).join(', ')},
       keys text[], singles text[], last text[], seen uuid[], lim int, maxrows int, singlemax int, conjmax int)
 CROSS JOIN LATERAL (
   WITH found AS (
     ${conjunctiveNameRowsSql('q.wanted', SCOPE, CONJUNCTIVE_HAVING, 'q.conjmax')}
     UNION ALL ${nameRowsSql('b.key = ANY(q.keys)', SCOPE, 0, 'q.maxrows')}
     UNION ALL ${nameRowsSql('b.key = ANY(q.singles)', SCOPE, 0, 'q.singlemax')})
   SELECT "entryId" AS id, max(conj) AS conj, max(GREATEST(similarity(key, q.q1), similarity(key, q.q2))) AS sim
     FROM (SELECT * FROM found
           UNION ALL ${nameRowsSql('b.key = ANY(q.last)', SCOPE, -1, 'q.maxrows', `NOT EXISTS (SELECT 1 FROM found WHERE "entryId" <> ALL(q.seen))`)}) k
    GROUP BY "entryId"
    ORDER BY 2 DESC, 3 DESC, 1
    LIMIT q.lim) x`;

/** One query's identity numbers (candidates.ts identitySql). */
export interface IdentityRecord {
  i: number;
  tenant: string | null;
  sources: string[];
  /** `id:<number>` keys */
  keys: string[];
}

/** $1: the jsonb array of IdentityRecord. Rows (i, id): each query's entries bearing one of its numbers, in id order, at most 20. */
export const IDENTITY_MANY_SQL = `SELECT q.i, x.id
  FROM jsonb_to_recordset($1::jsonb) AS q(i int, tenant uuid, sources text[], keys text[], etype text)
 CROSS JOIN LATERAL (
   SELECT DISTINCT n."entryId" AS id
     FROM (${keyRowsSql('b."nameKeyId"', 'b.key = ANY(q.keys)', SCOPE)}) u
     JOIN "WatchlistNameKey" n ON n.id = u."nameKeyId"
    ORDER BY 1 LIMIT 20) x`;
