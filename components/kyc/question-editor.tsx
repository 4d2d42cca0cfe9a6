'use client';

import { useState } from 'react';
import { useFieldArray, useFormContext, useWatch, type FieldError } from 'react-hook-form';
import { useLocale, useTranslations } from 'next-intl';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import {
  ADDITIONAL_INFO_TYPES,
  ANSWER_SOURCES,
  QUESTION_CATEGORIES,
  QUESTION_TYPES,
  QUESTION_UNITS,
  type FormDraftInput,
  type OptionInput,
  type QuestionInput,
} from '@/lib/kyc/schemas';
import { issueText } from './builder-problems';
import { localized } from './labels';

const CLASSIFICATIONS = ['Retail', 'Professional', 'Institutional'] as const;
const RISK_LEVELS = ['Low', 'Medium', 'High'] as const;
const WITH_OPTIONS = new Set(['SingleChoice', 'MultipleChoice', 'Number']);

/** null from an empty number input, else the number (react-hook-form's setValueAs). */
export const optionalNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/** The translated text of a field's validation error (what zod found at `path` → a message in the page's language). */
export function useErrorText() {
  const t = useTranslations('kyc.builder.errors');
  return (error: FieldError | undefined, path: string) => {
    if (!error) return undefined;
    const { key, values } = issueText({ path, type: String(error.type), message: error.message });
    return t(key, values);
  };
}

export function newOption(): OptionInput {
  const score = { riskLevel: 'Low' as const, override: false, blocking: false, suitabilityScore: 0 };
  return {
    nameEn: '',
    nameAr: '',
    additionalInfoEnabled: false,
    min: null,
    max: null,
    scores: { Retail: { ...score }, Professional: { ...score }, Institutional: { ...score } },
  };
}

export function newQuestion(): QuestionInput {
  return {
    nameEn: '',
    nameAr: '',
    labelEn: '',
    labelAr: '',
    type: 'SingleChoice',
    required: true,
    allowMultiple: false,
    additionalInfoType: null,
    category: null,
    unit: null,
    answerSource: 'Prospect',
    subweights: 1,
    options: [newOption(), newOption()],
  };
}

type Path = `sections.${number}.questions.${number}`;

/** One question: its names and labels in both languages, type and attributes, and its options with their scores. */
export function QuestionEditor({
  path,
  index,
  count,
  onMove,
  onRemove,
  editable,
}: {
  path: Path;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
  editable: boolean;
}) {
  const t = useTranslations('kyc');
  const locale = useLocale();
  const errorText = useErrorText();
  const { register, control, setValue, getFieldState, formState } = useFormContext<FormDraftInput>();
  const question = useWatch({ control, name: path });
  const options = useFieldArray({ control, name: `${path}.options`, keyName: 'key' });
  const [classification, setClassification] = useState<(typeof CLASSIFICATIONS)[number]>('Retail');
  // New questions start open; the attribute stays as it was first rendered, so typing does not fold them.
  const [startOpen] = useState(() => !question?.nameEn);
  const id = (name: string) => `${path.replace(/\./g, '-')}-${name}`;
  const err = (name: string) => errorText(getFieldState(`${path}.${name}` as never, formState).error, `${path}.${name}`);
  const title = localized(locale, question?.labelEn || question?.nameEn, question?.labelAr || question?.nameAr) || t('builder.newQuestion');
  const type = question?.type ?? 'ShortText';
  const hasOptions = WITH_OPTIONS.has(type);

  return (
    <details className="group rounded-md border border-slate-200 bg-slate-50" data-testid="question-editor" open={startOpen}>
      <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-3 py-2 text-sm">
        <span className="font-medium text-slate-900">
          {index + 1}. <bdi>{title}</bdi>
        </span>
        <span className="text-xs text-slate-600">{t(`enums.questionType.${type}`)}</span>
        {question?.required ? <span className="text-xs text-red-700">{t('builder.required')}</span> : null}
      </summary>
      {/* Columns follow the editor's own width, not the window's: beside the preview it is half the page,
          and the window's four columns there cut the selects' text ("العميل المحتمـ"). */}
      <div className="@container flex flex-col gap-3 border-t border-slate-200 bg-white p-3">
        <div className="grid gap-3 @md:grid-cols-2">
          <Field label={t('builder.questionNameEn')} htmlFor={id('nameEn')} error={err('nameEn')}>
            <Input id={id('nameEn')} dir="ltr" lang="en" {...register(`${path}.nameEn`)} />
          </Field>
          <Field label={t('builder.questionNameAr')} htmlFor={id('nameAr')} error={err('nameAr')}>
            <Input id={id('nameAr')} dir="rtl" lang="ar" {...register(`${path}.nameAr`)} />
          </Field>
          <Field label={t('builder.labelEn')} htmlFor={id('labelEn')} error={err('labelEn')}>
            <Input id={id('labelEn')} dir="ltr" lang="en" {...register(`${path}.labelEn`)} />
          </Field>
          <Field label={t('builder.labelAr')} htmlFor={id('labelAr')} error={err('labelAr')}>
            <Input id={id('labelAr')} dir="rtl" lang="ar" {...register(`${path}.labelAr`)} />
          </Field>
        </div>
        {/* As many columns as fit at 13.5rem or more: wide enough for the longest choice of each select
            in both languages ("Politically exposed person", "العميل المحتمل"). */}
        <div className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,13.5rem),1fr))] gap-3">
          <Field label={t('builder.questionType')} htmlFor={id('type')}>
            <Select
              id={id('type')}
              {...register(`${path}.type`, {
                onChange: (event) => {
                  const next = event.target.value as QuestionInput['type'];
                  if (next !== 'MultipleChoice' && next !== 'Attachment') setValue(`${path}.allowMultiple`, false);
                  // Through the field array, so that its own list of options empties too.
                  if (!WITH_OPTIONS.has(next)) options.replace([]);
                  // Only choice options lose their ranges (the removed ones must not come back as {min, max}).
                  else if (next !== 'Number')
                    question?.options?.forEach((_, i) => (setValue(`${path}.options.${i}.min`, null), setValue(`${path}.options.${i}.max`, null)));
                  if (next === 'Country') setValue(`${path}.category`, 'Nationality');
                },
              })}
            >
              {QUESTION_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`enums.questionType.${value}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('builder.category')} htmlFor={id('category')}>
            <Select id={id('category')} {...register(`${path}.category`, { setValueAs: (v) => v || null })}>
              <option value="">{t('builder.none')}</option>
              {QUESTION_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {t(`enums.category.${value}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('builder.unit')} htmlFor={id('unit')}>
            <Select id={id('unit')} {...register(`${path}.unit`, { setValueAs: (v) => v || null })}>
              <option value="">{t('builder.none')}</option>
              {QUESTION_UNITS.map((value) => (
                <option key={value} value={value}>
                  {t(`enums.unit.${value}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('builder.subweights')} htmlFor={id('subweights')} error={err('subweights')} hint={t('builder.subweightsHint')}>
            <Input id={id('subweights')} type="number" min={0} max={10} dir="ltr" {...register(`${path}.subweights`, { valueAsNumber: true })} />
          </Field>
          <Field label={t('builder.answerSource')} htmlFor={id('answerSource')}>
            <Select id={id('answerSource')} {...register(`${path}.answerSource`)}>
              {ANSWER_SOURCES.map((value) => (
                <option key={value} value={value}>
                  {t(`enums.answerSource.${value}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('builder.additionalInfoType')} htmlFor={id('additionalInfoType')} error={err('additionalInfoType')}>
            <Select id={id('additionalInfoType')} {...register(`${path}.additionalInfoType`, { setValueAs: (v) => v || null })}>
              <option value="">{t('builder.none')}</option>
              {ADDITIONAL_INFO_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`enums.questionType.${value}`)}
                </option>
              ))}
            </Select>
          </Field>
          <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-800">
            <input type="checkbox" className="size-4 accent-emerald-800" {...register(`${path}.required`)} />
            {t('builder.required')}
          </label>
          {type === 'MultipleChoice' || type === 'Attachment' ? (
            <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-800">
              <input type="checkbox" className="size-4 accent-emerald-800" {...register(`${path}.allowMultiple`)} />
              {t('builder.allowMultiple')}
            </label>
          ) : null}
        </div>

        {hasOptions ? (
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap items-end justify-between gap-2">
              <h5 className="text-sm font-semibold text-slate-900">{t('builder.options')}</h5>
              <Field label={t('builder.scoresFor')} htmlFor={id('classification')}>
                <Select id={id('classification')} value={classification} onChange={(e) => setClassification(e.target.value as typeof classification)}>
                  {CLASSIFICATIONS.map((value) => (
                    <option key={value} value={value}>
                      {t(`enums.classification.${value}`)}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
            {err('options') ? (
              <p role="alert" className="text-sm text-red-700">
                {err('options')}
              </p>
            ) : null}
            <ol className="flex flex-col gap-2">
              {options.fields.map((field, oi) => {
                const o = `${path}.options.${oi}` as const;
                const oid = (name: string) => id(`o${oi}-${name}`);
                const oerr = (name: string) => errorText(getFieldState(`${o}.${name}` as never, formState).error, `${o}.${name}`);
                return (
                  <li
                    key={field.key}
                    className="grid gap-2 rounded-md border border-slate-200 p-2 @sm:grid-cols-2 @4xl:grid-cols-4"
                    data-testid="option-editor"
                  >
                    <Field label={t('builder.optionNameEn', { n: oi + 1 })} htmlFor={oid('nameEn')} error={oerr('nameEn')}>
                      <Input id={oid('nameEn')} dir="ltr" lang="en" {...register(`${o}.nameEn`)} />
                    </Field>
                    <Field label={t('builder.optionNameAr', { n: oi + 1 })} htmlFor={oid('nameAr')} error={oerr('nameAr')}>
                      <Input id={oid('nameAr')} dir="rtl" lang="ar" {...register(`${o}.nameAr`)} />
                    </Field>
                    <Field
                      label={t('builder.riskLevel', { classification: t(`enums.classification.${classification}`) })}
                      htmlFor={oid(`risk-${classification}`)}
                    >
                      <Select id={oid(`risk-${classification}`)} {...register(`${o}.scores.${classification}.riskLevel`)}>
                        {RISK_LEVELS.map((value) => (
                          <option key={value} value={value}>
                            {t(`enums.riskLevel.${value}`)}
                          </option>
                        ))}
                      </Select>
                    </Field>
                    <Field
                      label={t('builder.suitabilityScore')}
                      htmlFor={oid(`suitability-${classification}`)}
                      error={oerr(`scores.${classification}.suitabilityScore`)}
                    >
                      <Input
                        id={oid(`suitability-${classification}`)}
                        type="number"
                        min={0}
                        max={1000}
                        dir="ltr"
                        {...register(`${o}.scores.${classification}.suitabilityScore`, { valueAsNumber: true })}
                      />
                    </Field>
                    {type === 'Number' ? (
                      <>
                        <Field label={t('builder.min')} htmlFor={oid('min')} error={oerr('min')}>
                          <Input id={oid('min')} type="number" step="any" dir="ltr" {...register(`${o}.min`, { setValueAs: optionalNumber })} />
                        </Field>
                        <Field label={t('builder.max')} htmlFor={oid('max')} error={oerr('max')}>
                          <Input id={oid('max')} type="number" step="any" dir="ltr" {...register(`${o}.max`, { setValueAs: optionalNumber })} />
                        </Field>
                      </>
                    ) : null}
                    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 @sm:col-span-2">
                      <label className="flex items-center gap-2 text-sm text-slate-800">
                        <input type="checkbox" className="size-4 accent-emerald-800" {...register(`${o}.scores.${classification}.override`)} />
                        {t('builder.override')}
                      </label>
                      <label className="flex items-center gap-2 text-sm text-slate-800">
                        <input type="checkbox" className="size-4 accent-emerald-800" {...register(`${o}.scores.${classification}.blocking`)} />
                        {t('builder.blocking')}
                      </label>
                      <label className="flex items-center gap-2 text-sm text-slate-800">
                        <input type="checkbox" className="size-4 accent-emerald-800" {...register(`${o}.additionalInfoEnabled`)} />
                        {t('builder.additionalInfo')}
                      </label>
                    </div>
                    <div className="flex items-center gap-1 @sm:col-span-2 @sm:justify-end">
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={!editable || oi === 0}
                        onClick={() => options.move(oi, oi - 1)}
                        aria-label={t('builder.moveOptionUp', { n: oi + 1 })}
                      >
                        <ArrowUp aria-hidden className="size-4" />
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={!editable || oi === options.fields.length - 1}
                        onClick={() => options.move(oi, oi + 1)}
                        aria-label={t('builder.moveOptionDown', { n: oi + 1 })}
                      >
                        <ArrowDown aria-hidden className="size-4" />
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={!editable}
                        onClick={() => options.remove(oi)}
                        aria-label={t('builder.removeOption', { n: oi + 1 })}
                      >
                        <Trash2 aria-hidden className="size-4" />
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ol>
            <Button size="sm" variant="secondary" className="self-start" disabled={!editable} onClick={() => options.append(newOption())}>
              <Plus aria-hidden className="size-4" />
              {t('builder.addOption')}
            </Button>
          </div>
        ) : null}

        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-2">
          <Button size="sm" variant="ghost" disabled={!editable || index === 0} onClick={() => onMove(index - 1)}>
            <ArrowUp aria-hidden className="size-4" />
            {t('builder.moveUp')}
          </Button>
          <Button size="sm" variant="ghost" disabled={!editable || index === count - 1} onClick={() => onMove(index + 1)}>
            <ArrowDown aria-hidden className="size-4" />
            {t('builder.moveDown')}
          </Button>
          <Button size="sm" variant="ghost" disabled={!editable} onClick={onRemove}>
            <Trash2 aria-hidden className="size-4" />
            {t('builder.removeQuestion')}
          </Button>
        </div>
      </div>
    </details>
  );
}
