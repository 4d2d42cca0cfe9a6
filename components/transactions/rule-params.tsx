'use client';

import { useTranslations } from 'next-intl';
import { Field, FieldNotes, Input, Select } from '@/components/ui/field';
import type { ParamSpec, ParamValues } from './rule-param-spec';

/**
 * The parameters of a rule's template, each under its name and a hint with its unit in the page's
 * language (`transactions.ruleParams.<template>.<parameter>`). Hint and error are tied to the control
 * (aria-describedby), and the error has the id `p-<parameter>-error`.
 */
export function RuleParams({
  template,
  vars,
  values,
  errorFor,
  onChange,
}: {
  template: string;
  vars: [string, ParamSpec][];
  values: ParamValues;
  errorFor: (key: string) => string | undefined;
  onChange: (key: string, value: string | boolean) => void;
}) {
  const t = useTranslations('transactions');
  const text = (key: string, part: 'label' | 'hint') => {
    const path = `ruleParams.${template}.${key}.${part}`;
    // A template newer than this page's messages still shows its parameters, under their code names.
    return t.has(path) ? t(path) : part === 'label' ? key : undefined;
  };
  return (
    <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2 lg:grid-cols-3">
      <legend className="mb-1 text-sm font-semibold text-slate-800">{t('parameters')}</legend>
      {vars.map(([key, spec]) => {
        const id = `p-${key}`;
        const hint = text(key, 'hint');
        const error = errorFor(key);
        const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
        const label = `${text(key, 'label')}${spec.optional && spec.default === undefined ? ` ${t('optional')}` : ''}`;
        // Unset: what the server applies then, shown selected (or checked).
        const value = values[key] ?? spec.default;
        const common = { id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined } as const;
        const control =
          spec.type === 'enum' ? (
            <Select {...common} value={String(value ?? '')} onChange={(e) => onChange(key, e.target.value)}>
              {(spec.values ?? []).map((o) => (
                <option key={o} value={o}>
                  {t.has(`paramOptions.${key}.${o}`) ? t(`paramOptions.${key}.${o}`) : o}
                </option>
              ))}
            </Select>
          ) : spec.type === 'boolean' ? (
            <input {...common} type="checkbox" className="mt-0.5 size-5 shrink-0" checked={value === true} onChange={(e) => onChange(key, e.target.checked)} />
          ) : (
            <Input
              {...common}
              dir="ltr"
              className={spec.type === 'currency' ? 'uppercase' : undefined}
              inputMode={spec.type === 'decimal' ? 'decimal' : spec.type === 'integer' ? 'numeric' : undefined}
              autoCapitalize={spec.type === 'currency' ? 'characters' : undefined}
              maxLength={spec.type === 'currency' ? 3 : undefined}
              value={String(value ?? '')}
              required={!spec.optional}
              onChange={(e) => onChange(key, e.target.value)}
            />
          );
        if (spec.type !== 'boolean')
          return (
            <Field key={key} label={label} htmlFor={id} hint={hint} error={error}>
              {control}
            </Field>
          );
        // A checkbox stands before its label.
        return (
          <div key={key} className="flex flex-col gap-1">
            <div className="flex items-start gap-2">
              {control}
              <label htmlFor={id} className="text-sm font-medium text-slate-800">
                {label}
              </label>
            </div>
            <FieldNotes htmlFor={id} hint={hint} error={error} />
          </div>
        );
      })}
    </fieldset>
  );
}
