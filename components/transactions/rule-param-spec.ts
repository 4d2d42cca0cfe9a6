/**
 * What the rule editor knows of template parameters beyond the API's `configVariables` ({type,
 * optional}): the choices of the enum parameters and the defaults the templates apply when a
 * parameter is left out (lib/transactions/rules/templates.ts; rule-param-spec.test.ts keeps the two
 * in step), and a first check of the values so that a typing slip is named in the page's language.
 * The server stays the judge of ranges.
 */

export interface ParamSpec {
  type: string;
  optional: boolean;
}
export type ParamValues = Record<string, string | boolean>;
export type ParamProblem = 'required' | 'decimal' | 'integer' | 'currency';

export const ENUM_OPTIONS: Record<string, readonly string[]> = { direction: ['Any', 'Credit', 'Debit'], minGrade: ['High', 'Medium'] };

/** Shown selected (or checked) while the parameter is unset: what the server applies then. */
export const PARAM_DEFAULTS: Record<string, string | boolean> = { direction: 'Any', minGrade: 'High', includeCounterparty: true };

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
    else if ((spec.type === 'integer' || spec.type === 'number') && !/^\d+$/.test(value)) problems[key] = 'integer';
    else if (spec.type === 'currency' && !(/^[A-Za-z]{3}$/.test(value) && CURRENCIES.has(value.toUpperCase()))) problems[key] = 'currency';
  }
  return problems;
}
