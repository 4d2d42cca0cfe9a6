/**
 * Runs a tenant's rules against one transaction from one entity's point of view. Pure of storage:
 * the caller supplies the context (facts.ts in production, arrays in tests, the replay in back-tests).
 */
import { parseTemplateParams, runTemplate, type RuleContext, type RuleOutcome, type TemplateName } from './templates';

export interface RuleDefinition {
  id: string;
  code: string;
  version: number;
  template: TemplateName;
  params: unknown;
  type: 'Hard' | 'Soft';
  severity: 'Low' | 'Medium' | 'High' | 'Critical';
  nameEn: string;
  nameAr: string;
}

export interface FiredRule {
  rule: RuleDefinition;
  outcome: RuleOutcome;
}

export async function evaluateRules(rules: readonly RuleDefinition[], ctx: RuleContext): Promise<FiredRule[]> {
  const fired: FiredRule[] = [];
  for (const rule of rules) {
    const parsed = parseTemplateParams(rule.template, rule.params);
    // A stored config that no longer validates (template changed under it) never fires silently wrong.
    if (!parsed.ok) continue;
    const outcome = await runTemplate(rule.template, parsed.params, ctx);
    if (outcome) fired.push({ rule, outcome });
  }
  return fired;
}

const SEVERITY_ORDER = ['Low', 'Medium', 'High', 'Critical'] as const;
export function highestSeverity(values: readonly RuleDefinition['severity'][]): RuleDefinition['severity'] | null {
  let best = -1;
  for (const v of values) best = Math.max(best, SEVERITY_ORDER.indexOf(v));
  return best < 0 ? null : SEVERITY_ORDER[best]!;
}
