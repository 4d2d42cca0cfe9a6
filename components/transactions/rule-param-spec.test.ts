import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEMPLATE_NAMES, TEMPLATE_PARAMS, configVariablesOf } from '@/lib/transactions/rules/templates';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import { paramProblems } from './rule-param-spec';

type Texts = { label: string; hint: string };
const params = (messages: typeof en) => messages.transactions.ruleParams as Record<string, Record<string, Texts>>;
const options = (messages: typeof en) => messages.transactions.paramOptions as Record<string, Record<string, string>>;

describe('rule editor parameters', () => {
  it.each([
    ['en', en],
    ['ar', ar as typeof en],
  ])('every parameter of every template has a label and a hint in %s, and no stale one is left', (_, messages) => {
    for (const template of TEMPLATE_NAMES) {
      const keys = Object.keys(configVariablesOf(template)).sort();
      expect(Object.keys(params(messages)[template] ?? {}).sort(), template).toEqual(keys);
      for (const key of keys) {
        expect(params(messages)[template]![key]!.label, `${template}.${key}`).toBeTruthy();
        expect(params(messages)[template]![key]!.hint, `${template}.${key}`).toBeTruthy();
      }
    }
  });

  it('configVariables say what each parameter accepts: choices, default, bounds; every choice has a name in both languages', () => {
    expect(configVariablesOf('Structuring')).toMatchObject({
      threshold: { type: 'decimal', optional: false },
      marginPercent: { type: 'integer', optional: false, minimum: 1, maximum: 50 },
      minCount: { type: 'integer', optional: false, minimum: 2, maximum: 1000 },
      windowHours: { type: 'integer', optional: false, minimum: 1, maximum: 24 * 366 },
      currency: { type: 'currency', optional: false },
      direction: { type: 'enum', optional: true, values: ['Any', 'Credit', 'Debit'], default: 'Any' },
    });
    expect(configVariablesOf('HighRiskCountry').minGrade).toMatchObject({ type: 'enum', optional: true, values: ['Medium', 'High'], default: 'High' });
    expect(configVariablesOf('OpenScreeningMatch').includeCounterparty).toMatchObject({ type: 'boolean', optional: true, default: true });
    // Optional without a default: left out, the template skips that check. Nothing claimed that the schema does not say.
    expect(configVariablesOf('DormantReactivated').minAmount).toMatchObject({ type: 'decimal', optional: true });
    expect(Object.keys(configVariablesOf('DormantReactivated').minAmount!).sort()).toEqual(['hintAr', 'hintEn', 'labelAr', 'labelEn', 'optional', 'type']);
    // Named as the editor names them, in both languages.
    expect(configVariablesOf('Structuring').marginPercent).toMatchObject({
      labelEn: params(en).Structuring!.marginPercent!.label,
      labelAr: params(ar as typeof en).Structuring!.marginPercent!.label,
      hintAr: params(ar as typeof en).Structuring!.marginPercent!.hint,
    });
    for (const template of TEMPLATE_NAMES) {
      for (const [key, spec] of Object.entries(configVariablesOf(template))) {
        // What the editor shows selected when a parameter is unset is what the template applies then.
        const unset = TEMPLATE_PARAMS[template].shape[key as never] as z.ZodType;
        const applied = unset.safeParse(undefined);
        expect(spec.default, `${template}.${key}`).toEqual(applied.success ? applied.data : undefined);
        for (const o of spec.values ?? []) {
          expect(options(en)[key]?.[o], `en ${key}.${o}`).toBeTruthy();
          expect(options(ar as typeof en)[key]?.[o], `ar ${key}.${o}`).toBeTruthy();
        }
      }
    }
  });

  it('names a typing slip before the request: required, decimal, whole number, currency code', () => {
    const vars = Object.entries(configVariablesOf('Structuring'));
    expect(paramProblems(vars, { threshold: 'ten', marginPercent: '10.5', minCount: '', windowHours: '72', currency: 'SA' })).toEqual({
      threshold: 'decimal',
      marginPercent: 'integer',
      minCount: 'required',
      currency: 'currency',
    });
    expect(paramProblems(vars, { threshold: '10000.50', marginPercent: '10', minCount: '3', windowHours: '72', currency: 'sar' })).toEqual({});
    // Three letters that name no ISO 4217 currency are a slip too.
    expect(paramProblems(vars, { threshold: '10000', marginPercent: '10', minCount: '3', windowHours: '72', currency: 'xyz' })).toEqual({
      currency: 'currency',
    });
    expect(paramProblems(vars, { threshold: '0.00', marginPercent: '10', minCount: '3', windowHours: '72', currency: 'SAR' })).toEqual({
      threshold: 'decimal',
    });
    // A whole number outside the template's bounds is named too (marginPercent 1–50, minCount 2–1000).
    expect(paramProblems(vars, { threshold: '10000', marginPercent: '51', minCount: '1', windowHours: '72', currency: 'SAR' })).toEqual({
      marginPercent: 'range',
      minCount: 'range',
    });
    expect(paramProblems(vars, { threshold: '10000', marginPercent: '50', minCount: '2', windowHours: '8784', currency: 'SAR' })).toEqual({});
    // An optional parameter may stay empty.
    expect(paramProblems(Object.entries(configVariablesOf('DormantReactivated')), { dormantDays: '90' })).toEqual({});
  });
});
