import type { SqlQueryable } from '@/lib/db/sql';
import type { RuleDefinition } from './engine';
import type { TemplateName } from './templates';

export interface RuleRow {
  id: string;
  code: string;
  version: number;
  template: string;
  config: { params?: unknown };
  type: 'Hard' | 'Soft';
  severity: RuleDefinition['severity'];
  nameEn: string;
  nameAr: string;
}

export function toDefinition(r: RuleRow): RuleDefinition {
  return {
    id: r.id,
    code: r.code,
    version: r.version,
    template: r.template as TemplateName,
    params: r.config?.params ?? {},
    type: r.type,
    severity: r.severity,
    nameEn: r.nameEn,
    nameAr: r.nameAr,
  };
}

/** The Published, not suspended rules of tenant `$1`. */
export const PUBLISHED_RULES_SQL = `SELECT id, code, version, template, config, type, severity, "nameEn", "nameAr" FROM "TransactionRule"
  WHERE "tenantId" = $1::uuid AND status = 'Published' AND NOT "autoSuspended"`;

/** The tenant's Published rules, in code order (one indexed statement per transaction). */
export async function loadPublishedRules(db: SqlQueryable, tenantId: string): Promise<RuleDefinition[]> {
  const rows = await db.query<RuleRow>(`${PUBLISHED_RULES_SQL} ORDER BY code`, [tenantId]);
  return rows.rows.map(toDefinition);
}

/**
 * The ingest's copy of each tenant's Published rules, with the TransactionRuleSet.version it was read
 * under (a trigger moves that number on every change of the tenant's rules). The ingest's first
 * statement sends the version it holds and gets the rules again only when the number moved, instead
 * of building and parsing every rule's JSON at each transaction.
 */
const publishedRules = new Map<string, { version: string; rules: RuleDefinition[] }>();

export function cachedPublishedRules(tenantId: string): { version: string; rules: RuleDefinition[] } | undefined {
  return publishedRules.get(tenantId);
}

export function keepPublishedRules(tenantId: string, version: string, rows: RuleRow[]): RuleDefinition[] {
  const rules = rows.map(toDefinition);
  if (publishedRules.size >= 1000) publishedRules.clear();
  publishedRules.set(tenantId, { version, rules });
  return rules;
}
