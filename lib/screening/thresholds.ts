/**
 * Screening thresholds. Scores are on 0..1 here; the API speaks percentages (0..100).
 * Per-tenant overrides live in `Tenant.screeningConfig` ({ review, autoMatch, maxCandidates,
 * maxResults }, values as percentages or fractions).
 */
export interface ScreeningThresholds {
  /** matches at or above this are returned (recommendation Review) */
  review: number;
  /** at or above this (or an identity-number match) → AutoMatch */
  autoMatch: number;
  /** bound on candidates fetched from PostgreSQL per query */
  maxCandidates: number;
  /** bound on matches returned */
  maxResults: number;
}

export const DEFAULT_THRESHOLDS: Readonly<ScreeningThresholds> = Object.freeze({
  review: 0.8,
  autoMatch: 0.95,
  maxCandidates: 100,
  maxResults: 50,
});

function asFraction(v: unknown): number | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) return undefined;
  const f = v > 1 ? v / 100 : v;
  return f <= 1 ? f : undefined;
}

function asCount(v: unknown, max: number): number | undefined {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) return undefined;
  return Math.min(v, max);
}

/** Merges a tenant's (untrusted JSON) override onto the defaults; invalid values are ignored. */
export function resolveThresholds(override?: unknown, base: ScreeningThresholds = DEFAULT_THRESHOLDS): ScreeningThresholds {
  const t: ScreeningThresholds = { ...base };
  if (override && typeof override === 'object') {
    const o = override as Record<string, unknown>;
    t.review = asFraction(o.review) ?? t.review;
    t.autoMatch = asFraction(o.autoMatch) ?? t.autoMatch;
    t.maxCandidates = asCount(o.maxCandidates, 1000) ?? t.maxCandidates;
    t.maxResults = asCount(o.maxResults, 500) ?? t.maxResults;
  }
  if (t.autoMatch < t.review) t.autoMatch = t.review;
  return t;
}

export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: any[] }>;
}

let tenantTableSeen = false;
let tenantTableMissingUntil = 0;

/** Reads `Tenant.screeningConfig` and resolves it. A missing tenant gives the defaults. */
export async function loadTenantThresholds(db: Queryable, tenantId: string): Promise<ScreeningThresholds> {
  // Checked first, so that a missing table never aborts the caller's transaction.
  if (!tenantTableSeen) {
    // a database without tenants (the screening benchmark) is asked again once a minute, not per search
    if (Date.now() < tenantTableMissingUntil) return { ...DEFAULT_THRESHOLDS };
    const exists = await db.query(`SELECT to_regclass('"Tenant"') IS NOT NULL AS ok`);
    if (!exists.rows[0]?.ok) {
      tenantTableMissingUntil = Date.now() + 60_000;
      return { ...DEFAULT_THRESHOLDS };
    }
    tenantTableSeen = true; // a table never disappears: one round trip less per search afterwards
  }
  const r = await db.query('SELECT "screeningConfig" FROM "Tenant" WHERE id = $1::uuid', [tenantId]);
  return resolveThresholds(r.rows[0]?.screeningConfig ?? undefined);
}
