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

/**
 * Every rule starts at once, so the history questions they ask together go to the database as one
 * batch (fact-batch.ts); the fired rules come back in the rules' order.
 */
export async function evaluateRules(rules: readonly RuleDefinition[], ctx: RuleContext): Promise<FiredRule[]> {
  const outcomes = await Promise.all(
    rules.map(async (rule) => {
      const parsed = paramsOf(rule);
      // A stored config that no longer validates (template changed under it) never fires silently wrong.
      if (!parsed.ok) return null;
      const outcome = await runTemplate(rule.template, parsed.params, ctx);
      return outcome ? { rule, outcome } : null;
    }),
  );
  return outcomes.filter((f): f is FiredRule => f !== null);
}

/** A rule's params validated once per definition: the ingest keeps its definitions across transactions (load-rules.ts). */
const parsedParams = new WeakMap<RuleDefinition, ReturnType<typeof parseTemplateParams>>();
function paramsOf(rule: RuleDefinition): ReturnType<typeof parseTemplateParams> {
  let parsed = parsedParams.get(rule);
  if (!parsed) {
    parsed = parseTemplateParams(rule.template, rule.params);
    parsedParams.set(rule, parsed);
  }
  return parsed;
}

const SEVERITY_ORDER = ['Low', 'Medium', 'High', 'Critical'] as const;
export function highestSeverity(values: readonly RuleDefinition['severity'][]): RuleDefinition['severity'] | null {
  let best = -1;
  for (const v of values) best = Math.max(best, SEVERITY_ORDER.indexOf(v));
  return best < 0 ? null : SEVERITY_ORDER[best]!;
}
