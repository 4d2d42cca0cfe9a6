import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEMPLATE_NAMES, TEMPLATE_PARAMS, configVariablesOf } from '@/lib/transactions/rules/templates';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import { ENUM_OPTIONS, PARAM_DEFAULTS, paramProblems } from './rule-param-spec';

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

  it('enum choices and defaults are those the templates declare, and every choice has a name in both languages', () => {
    for (const template of TEMPLATE_NAMES) {
      for (const [key, schema] of Object.entries(TEMPLATE_PARAMS[template].shape as Record<string, z.ZodType>)) {
        const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { enum?: string[] };
        if (json.enum) {
          expect([...(ENUM_OPTIONS[key] ?? [])].sort(), `${template}.${key}`).toEqual([...json.enum].sort());
          for (const o of json.enum) {
            expect(options(en)[key]?.[o], `en ${key}.${o}`).toBeTruthy();
            expect(options(ar as typeof en)[key]?.[o], `ar ${key}.${o}`).toBeTruthy();
          }
        }
        const unset = schema.safeParse(undefined);
        expect(PARAM_DEFAULTS[key], `${template}.${key}`).toEqual(unset.success ? unset.data : undefined);
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
    // An optional parameter may stay empty.
    expect(paramProblems(Object.entries(configVariablesOf('DormantReactivated')), { dormantDays: '90' })).toEqual({});
  });
});
