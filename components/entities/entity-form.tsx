'use client';

import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';
import type { z } from 'zod';
import { createClientInput, createProspectInput, createScreeningInput, IDENTITY_TYPES } from '@/lib/entities/schemas';
import { useRouter } from '@/lib/i18n/navigation';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input, Select } from '@/components/ui/field';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';
import { formatDay, formatHijri } from '@/components/ui/dates';
import { gregorianToHijri, hijriToGregorian } from '@/components/ui/hijri';
import { HijriDatePicker } from './hijri-date-picker';

type Role = 'client' | 'prospect' | 'screening';
const SCHEMAS = { client: createClientInput, prospect: createProspectInput, screening: createScreeningInput } as const;

export interface EntityFormValues {
  role: Role;
  type: 'Individual' | 'Organization';
  nameEn: string;
  nameAr: string;
  email: string;
  phoneCountry: string;
  phoneNumber: string;
  calendar: 'gregorian' | 'hijri';
  dateGregorian: string;
  dateHijri: string;
  nationalityCode: string;
  gender: string;
  classification: string;
  identityType: string;
  identityNumber: string;
  identityCountry: string;
  identityExpiresAt: string;
  tagIds: string[];
}

/** The API body the form's values make: the same object the API's own schema then parses. */
export function toRequestBody(v: EntityFormValues) {
  const individual = v.type === 'Individual';
  const date = v.calendar === 'gregorian' ? { gregorian: v.dateGregorian || undefined } : { hijri: v.dateHijri || undefined };
  const opt = (s: string) => (s.trim() ? s.trim() : undefined);
  return {
    type: v.type,
    nameEn: opt(v.nameEn),
    nameAr: opt(v.nameAr),
    email: opt(v.email),
    countryCode: v.phoneNumber.trim() ? String(getCountryCallingCode(v.phoneCountry as CountryCode)) : undefined,
    phoneNumber: opt(v.phoneNumber.replace(/[\s-]/g, '').replace(/^0+/, '')),
    ...(individual
      ? {
          dobGregorian: date.gregorian,
          dobHijri: date.hijri,
          nationalityCode: opt(v.nationalityCode),
          gender: opt(v.gender),
          classification: opt(v.classification),
        }
      : { dateOfIncorporationGregorian: date.gregorian, dateOfIncorporationHijri: date.hijri }),
    identities: v.identityNumber.trim()
      ? [
          {
            type: opt(v.identityType),
            number: v.identityNumber.trim(),
            issuingCountryCode: opt(v.identityCountry),
            expiresAt: opt(v.identityExpiresAt),
          },
        ]
      : undefined,
    tagIds: v.tagIds.length ? v.tagIds : undefined,
  };
}

/** API field path → the form field that holds it. */
function formField(path: PropertyKey[]): keyof EntityFormValues {
  const [head, , leaf] = path.map(String);
  if (head === 'identities')
    return ({ type: 'identityType', issuingCountryCode: 'identityCountry', expiresAt: 'identityExpiresAt' } as const)[leaf as 'type'] ?? 'identityNumber';
  if (head === 'countryCode') return 'phoneCountry';
  if (head?.endsWith('Gregorian')) return 'dateGregorian';
  if (head?.endsWith('Hijri')) return 'dateHijri';
  return (head as keyof EntityFormValues) ?? 'nameEn';
}

/** react-hook-form validates with the API's own zod schema of the chosen role, through the body it will send. */
const apiSchemaResolver: Resolver<EntityFormValues> = async (values) => {
  const schema: z.ZodType = SCHEMAS[values.role];
  const parsed = schema.safeParse(toRequestBody(values));
  const errors: Record<string, { type: string; message: string }> = {};
  if (!values.nameEn.trim() && !values.nameAr.trim()) errors.nameEn = { type: 'required', message: 'name' };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formField(issue.path);
      errors[field] ??= { type: issue.code, message: issue.message };
    }
  }
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

export function EntityForm() {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const [serverError, setServerError] = useState<string | null>(null);
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return getCountries()
      .map((code) => ({ code, name: names.of(code) ?? code, dial: getCountryCallingCode(code) }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
  }, [locale]);
  const tags = useQuery({
    queryKey: ['tags'],
    queryFn: () => fetchJson<{ data: { id: string; nameEn: string | null; nameAr: string | null }[] }>('/services/crm/tags?scope=Entity'),
  });
  const form = useForm<EntityFormValues>({
    resolver: apiSchemaResolver,
    defaultValues: {
      role: 'prospect',
      type: 'Individual',
      nameEn: '',
      nameAr: '',
      email: '',
      phoneCountry: 'SA',
      phoneNumber: '',
      calendar: 'gregorian',
      dateGregorian: '',
      dateHijri: '',
      nationalityCode: '',
      gender: '',
      classification: '',
      identityType: '',
      identityNumber: '',
      identityCountry: 'SA',
      identityExpiresAt: '',
      tagIds: [],
    },
  });
  const { register, control, handleSubmit, setValue, formState } = form;
  const values = useWatch({ control }) as EntityFormValues;
  const individual = values.type === 'Individual';
  const create = useMutation({
    mutationFn: (v: EntityFormValues) =>
      fetchJson<{ data: { id: string } }>(`/services/crm/entities/${v.role}`, { method: 'POST', body: JSON.stringify(toRequestBody(v)) }),
    onSuccess: (res) => router.push(`/entities/${res.data.id}`),
    onError: (error) => setServerError(error instanceof FetchError ? error.messageIn(locale) : t('common.errorDescription')),
  });
  const err = (field: keyof EntityFormValues) =>
    formState.errors[field] ? t('entityForm.invalid', { detail: formState.errors[field]?.message ?? '' }) : undefined;
  const described = (field: keyof EntityFormValues) => (formState.errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${field}-error` } : {});
  const otherCalendar =
    values.calendar === 'gregorian' ? values.dateGregorian && gregorianToHijri(values.dateGregorian) : values.dateHijri && hijriToGregorian(values.dateHijri);

  return (
    <form
      noValidate
      className="flex max-w-3xl flex-col gap-4"
      onSubmit={handleSubmit((v) => {
        setServerError(null);
        create.mutate(v);
      })}
    >
      <Card title={t('entityForm.kind')} id="kind">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('entities.role')} htmlFor="role">
            <Select id="role" {...register('role')}>
              {(['prospect', 'client', 'screening'] as const).map((r) => (
                <option key={r} value={r}>
                  {t(`enums.role.${r}`)}
                </option>
              ))}
            </Select>
          </Field>
          <fieldset className="flex min-w-0 flex-col gap-1">
            <legend className="text-sm font-medium text-slate-800">{t('entities.type')}</legend>
            <div className="flex gap-4 pt-2">
              {(['Individual', 'Organization'] as const).map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm">
                  <input type="radio" value={type} {...register('type')} className="size-4 accent-emerald-800" />
                  {t(`enums.type.${type}`)}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      </Card>

      <Card title={t('entityForm.identification')} id="identification">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('entityForm.nameEn')} htmlFor="nameEn" error={err('nameEn')} hint={t('entityForm.nameHint')}>
            <Input id="nameEn" dir="ltr" autoComplete="off" {...register('nameEn')} {...described('nameEn')} />
          </Field>
          <Field label={t('entityForm.nameAr')} htmlFor="nameAr" error={err('nameAr')}>
            <Input id="nameAr" dir="rtl" lang="ar" autoComplete="off" {...register('nameAr')} {...described('nameAr')} />
          </Field>
          <Field label={t('profile.email')} htmlFor="email" error={err('email')}>
            <Input id="email" type="email" dir="ltr" {...register('email')} {...described('email')} />
          </Field>
          <div className="flex flex-col gap-1">
            <span className="text-sm font-medium text-slate-800" id="phone-label">
              {t('profile.phone')}
            </span>
            <div className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-2" dir="ltr">
              <Select aria-label={t('entityForm.dialingCode')} {...register('phoneCountry')} {...described('phoneCountry')}>
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {`+${c.dial} ${c.name}`}
                  </option>
                ))}
              </Select>
              <Input aria-labelledby="phone-label" inputMode="tel" {...register('phoneNumber')} {...described('phoneNumber')} placeholder="5XXXXXXXX" />
            </div>
            {err('phoneNumber') ? (
              <p id="phoneNumber-error" role="alert" className="text-sm text-red-700">
                {err('phoneNumber')}
              </p>
            ) : null}
          </div>
        </div>
      </Card>

      <Card title={individual ? t('profile.dob') : t('profile.incorporation')} id="dates">
        <div className="flex flex-col gap-3">
          <fieldset className="flex min-w-0 flex-wrap gap-4">
            <legend className="sr-only">{t('entityForm.calendar')}</legend>
            {(['gregorian', 'hijri'] as const).map((c) => (
              <label key={c} className="flex items-center gap-2 text-sm">
                <input type="radio" value={c} {...register('calendar')} className="size-4 accent-emerald-800" />
                {t(`entityForm.calendars.${c}`)}
              </label>
            ))}
          </fieldset>
          {values.calendar === 'gregorian' ? (
            <Field label={t('entityForm.dateGregorian')} htmlFor="dateGregorian" error={err('dateGregorian')}>
              <Input id="dateGregorian" type="date" className="max-w-xs" {...register('dateGregorian')} {...described('dateGregorian')} />
            </Field>
          ) : (
            <HijriDatePicker
              value={values.dateHijri}
              onChange={(v) => setValue('dateHijri', v, { shouldValidate: formState.isSubmitted })}
              label={t('entityForm.dateHijri')}
              error={err('dateHijri')}
            />
          )}
          {otherCalendar ? (
            <p className="text-sm text-slate-600" data-testid="other-calendar">
              {values.calendar === 'gregorian'
                ? t('entityForm.hijriEquivalent', { date: formatHijri(locale, values.dateGregorian) })
                : t('entityForm.gregorianEquivalent', { date: formatDay(locale, otherCalendar) })}
            </p>
          ) : null}
        </div>
      </Card>

      {individual ? (
        <Card title={t('entityForm.person')} id="person">
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label={t('profile.nationality')} htmlFor="nationalityCode" error={err('nationalityCode')}>
              <Select id="nationalityCode" {...register('nationalityCode')}>
                <option value="">{t('common.none')}</option>
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('profile.gender')} htmlFor="gender">
              <Select id="gender" {...register('gender')}>
                <option value="">{t('common.none')}</option>
                {(['Male', 'Female'] as const).map((g) => (
                  <option key={g} value={g}>
                    {t(`enums.gender.${g}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('profile.classification')} htmlFor="classification">
              <Select id="classification" {...register('classification')}>
                <option value="">{t('common.none')}</option>
                {(['Retail', 'Institutional'] as const).map((c) => (
                  <option key={c} value={c}>
                    {t(`enums.classification.${c}`)}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
        </Card>
      ) : null}

      <Card title={t('entityForm.identity')} id="identity">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('profile.identityType')} htmlFor="identityType" error={err('identityType')} hint={t('entityForm.identityTypeHint')}>
            <Select id="identityType" {...register('identityType')} {...described('identityType')}>
              <option value="">{t('entityForm.inferType')}</option>
              {IDENTITY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`enums.identityType.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('profile.identityNumber')} htmlFor="identityNumber" error={err('identityNumber')}>
            <Input id="identityNumber" dir="ltr" {...register('identityNumber')} {...described('identityNumber')} />
          </Field>
          <Field label={t('profile.issuingCountry')} htmlFor="identityCountry">
            <Select id="identityCountry" {...register('identityCountry')}>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('profile.expiresAt')} htmlFor="identityExpiresAt" error={err('identityExpiresAt')}>
            <Input id="identityExpiresAt" type="date" {...register('identityExpiresAt')} />
          </Field>
        </div>
      </Card>

      <Card title={t('profile.tags')} id="tags">
        <div>
          {tags.data?.data.length ? (
            <fieldset className="flex min-w-0 flex-wrap gap-3">
              <legend className="sr-only">{t('profile.tags')}</legend>
              {tags.data.data.map((tag) => (
                <label key={tag.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" value={tag.id} {...register('tagIds')} className="size-4 accent-emerald-800" />
                  <bdi>{(locale === 'ar' ? tag.nameAr || tag.nameEn : tag.nameEn || tag.nameAr) ?? tag.id}</bdi>
                </label>
              ))}
            </fieldset>
          ) : (
            <p className="text-sm text-slate-600">{t('profile.noTags')}</p>
          )}
        </div>
      </Card>

      {serverError ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800" data-testid="form-error">
          {serverError}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={create.isPending}>
          {t('entityForm.create')}
        </Button>
        <Button variant="secondary" onClick={() => router.push('/entities')}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
