/**
 * A first check of the rule editor's parameter values, so that a typing slip is named in the page's
 * language before the request. What each parameter accepts (type, choices, default, bounds) comes
 * from the API's `configVariables` (lib/transactions/rules/templates.ts, configVariablesOf); the
 * server stays the judge.
 */
import type { ConfigVariable } from '@/lib/transactions/schemas';

export type ParamSpec = ConfigVariable;
export type ParamValues = Record<string, string | boolean>;
export type ParamProblem = 'required' | 'decimal' | 'integer' | 'range' | 'currency';

const DECIMAL = /^\d{1,30}(\.\d{1,18})?$/;
/** The ISO 4217 codes the server accepts (the same ICU list, lib/transactions/money.ts). */
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** The first problem of each parameter's value, by parameter; empty when the form may be sent. */
export function paramProblems(vars: [string, ParamSpec][], values: ParamValues): Record<string, ParamProblem> {
  const problems: Record<string, ParamProblem> = {};
  for (const [key, spec] of vars) {
    const raw = values[key];
    if (typeof raw === 'boolean' || spec.type === 'enum' || spec.type === 'boolean') continue;
    const value = (raw ?? '').trim();
    if (!value) {
      if (!spec.optional) problems[key] = 'required';
      continue;
    }
    if (spec.type === 'decimal' && !(DECIMAL.test(value) && /[1-9]/.test(value))) problems[key] = 'decimal';
    else if (spec.type === 'integer' && !/^\d+$/.test(value)) problems[key] = 'integer';
    else if (spec.type === 'integer' && !inRange(Number(value), spec)) problems[key] = 'range';
    else if (spec.type === 'currency' && !(/^[A-Za-z]{3}$/.test(value) && CURRENCIES.has(value.toUpperCase()))) problems[key] = 'currency';
  }
  return problems;
}

const inRange = (n: number, { minimum, maximum }: ParamSpec) => (minimum === undefined || n >= minimum) && (maximum === undefined || n <= maximum);
