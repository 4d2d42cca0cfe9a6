'use client';

import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { z } from 'zod';
import { createClientInput, createProspectInput, createScreeningInput, IDENTITY_TYPES, updateEntityInput, type EntityProfileOut } from '@/lib/entities/schemas';
import { validationErrorIn, validationMessageIn } from '@/lib/core/validation-text';
import { useRouter } from '@/lib/i18n/navigation';
import { countryName } from '@/components/ui/countries';
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

/** The phone number as the API stores it: digits without spaces, dashes or the trunk prefix 0 (the dialing code is sent apart). */
const phoneDigits = (raw: string) => raw.replace(/[\s-]/g, '').replace(/^0+/, '');

/** The form's dialing-code country as the API's `countryCode` (+966 → "966"). */
const dialingCode = (v: EntityFormValues) => String(getCountryCallingCode(v.phoneCountry as CountryCode));

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
    countryCode: v.phoneNumber.trim() ? dialingCode(v) : undefined,
    phoneNumber: opt(phoneDigits(v.phoneNumber)),
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

/** What the edit form starts from: the profile's editable values, and its version for the 409 check. */
export type EditableEntity = Pick<
  EntityProfileOut,
  | 'id'
  | 'type'
  | 'role'
  | 'updatedAt'
  | 'nameEn'
  | 'nameAr'
  | 'email'
  | 'countryCode'
  | 'phoneNumber'
  | 'dob'
  | 'dobHijri'
  | 'dateOfIncorporation'
  | 'dateOfIncorporationHijri'
  | 'nationalityCode'
  | 'gender'
  | 'classification'
>;

/** The country of a stored dialing code (and number): +966 → SA; the first country of a shared code otherwise. */
function countryOfDialingCode(code: string | null, phoneNumber: string | null): string {
  if (!code) return 'SA';
  const parsed = phoneNumber ? parsePhoneNumberFromString(`+${code}${phoneNumber}`) : undefined;
  return parsed?.country ?? getCountries().find((c) => getCountryCallingCode(c) === code) ?? 'SA';
}

/** The form's values for an existing entity (the edit page). */
export function valuesFromEntity(e: EditableEntity): EntityFormValues {
  const individual = e.type === 'Individual';
  return {
    role: e.role.toLowerCase() as Role,
    type: e.type,
    nameEn: e.nameEn ?? '',
    nameAr: e.nameAr ?? '',
    email: e.email ?? '',
    phoneCountry: countryOfDialingCode(e.countryCode, e.phoneNumber),
    phoneNumber: e.phoneNumber ?? '',
    calendar: 'gregorian',
    dateGregorian: (individual ? e.dob : e.dateOfIncorporation) ?? '',
    dateHijri: (individual ? e.dobHijri : e.dateOfIncorporationHijri) ?? '',
    nationalityCode: e.nationalityCode ?? '',
    gender: e.gender ?? '',
    classification: e.classification ?? '',
    identityType: '',
    identityNumber: '',
    identityCountry: 'SA',
    identityExpiresAt: '',
    tagIds: [],
  };
}

/** The PATCH body of the edit form: every editable field of the entity's type, an emptied one as null (cleared). */
export function toUpdateBody(v: EntityFormValues, type: 'Individual' | 'Organization'): Record<string, unknown> {
  const individual = type === 'Individual';
  const orNull = (s: string) => (s.trim() ? s.trim() : null);
  const phone = orNull(phoneDigits(v.phoneNumber));
  const [gregorianKey, hijriKey] = individual ? ['dobGregorian', 'dobHijri'] : ['dateOfIncorporationGregorian', 'dateOfIncorporationHijri'];
  return {
    nameEn: orNull(v.nameEn),
    nameAr: orNull(v.nameAr),
    email: orNull(v.email),
    countryCode: phone ? dialingCode(v) : null,
    phoneNumber: phone,
    ...(v.calendar === 'gregorian' ? { [gregorianKey!]: orNull(v.dateGregorian) } : { [hijriKey!]: orNull(v.dateHijri) }),
    ...(individual ? { nationalityCode: orNull(v.nationalityCode), gender: orNull(v.gender), classification: v.classification || undefined } : {}),
  };
}

/** Only what the officer changed, so an untouched field (a legacy value included) is never re-validated or re-written. */
export function changedFields(body: Record<string, unknown>, initial: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key, value]) => value !== undefined && JSON.stringify(value) !== JSON.stringify(initial[key])));
}

const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** react-hook-form validates with the API's own zod schema of the chosen role (or the edit schema), through the body it will send. */
const apiSchemaResolver: Resolver<EntityFormValues, { editing?: EditableEntity }> = async (values, context) => {
  const schema: z.ZodType = context?.editing ? updateEntityInput : SCHEMAS[values.role];
  const parsed = schema.safeParse(context?.editing ? toUpdateBody(values, context.editing.type) : toRequestBody(values));
  const errors: Record<string, { type: string; message: string }> = {};
  if (!values.nameEn.trim() && !values.nameAr.trim()) errors.nameEn = { type: 'nameRequired', message: 'required (nameEn or nameAr)' };
  // Each name in its own script: screening compares the English name with the lists' Latin names and
  // the Arabic one with their Arabic names. Checked when typed here, not on a stored name left as is.
  const typed = (field: 'nameEn' | 'nameAr') => values[field].trim() && values[field].trim() !== (context?.editing?.[field] ?? '');
  if (typed('nameEn') && ARABIC_LETTER.test(values.nameEn)) errors.nameEn ??= { type: 'nameEnScript', message: 'not Latin' };
  if (typed('nameAr') && !ARABIC_LETTER.test(values.nameAr)) errors.nameAr ??= { type: 'nameArScript', message: 'not Arabic' };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formField(issue.path);
      errors[field] ??= { type: issue.code, message: issue.message };
    }
  }
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

/** The create form (`/entities/new`), or with `entity` the edit form of that entity (`/entities/{id}/edit`). */
export function EntityForm({ entity }: { entity?: EditableEntity } = {}) {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const [serverError, setServerError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [unchanged, setUnchanged] = useState(false);
  const editing = Boolean(entity);
  const initial = useMemo(() => (entity ? valuesFromEntity(entity) : undefined), [entity]);
  const countries = useMemo(() => {
    return getCountries()
      .map((code) => ({ code, name: countryName(locale, code), dial: getCountryCallingCode(code) }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
  }, [locale]);
  const tags = useQuery({
    enabled: !editing,
    queryKey: ['tags'],
    queryFn: () => fetchJson<{ data: { id: string; nameEn: string | null; nameAr: string | null }[] }>('/services/crm/tags?scope=Entity'),
  });
  const form = useForm<EntityFormValues, { editing?: EditableEntity }>({
    resolver: apiSchemaResolver,
    context: { editing: entity },
    defaultValues: initial ?? {
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
  const { register, control, handleSubmit, setValue, setError, formState } = form;
  const values = useWatch({ control }) as EntityFormValues;
  const individual = values.type === 'Individual';
  const create = useMutation({
    mutationFn: (v: EntityFormValues) =>
      fetchJson<{ data: { id: string } }>(`/services/crm/entities/${v.role}`, { method: 'POST', body: JSON.stringify(toRequestBody(v)) }),
    onSuccess: (res) => router.push(`/entities/${res.data.id}`),
    onError: (error) => setServerError(error instanceof FetchError ? error.messageIn(locale) : t('common.errorDescription')),
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) =>
      fetchJson<{ id: string }>(`/services/crm/entities/${id}`, { method: 'PATCH', body: JSON.stringify(body) }),
    onSuccess: (res) => router.push(`/entities/${res.id}?saved=1`),
    onError: (error) => {
      if (!(error instanceof FetchError)) return setServerError(t('common.errorDescription'));
      if (error.errorCode === 'STALE_UPDATE') setStale(true);
      // Field problems go beside their fields; anything else (a 409, a field the form does not show) above the buttons.
      // Placed in English, as the schema's own problems are; err() shows both in the page's language.
      const unplaced = (error.body?.validationErrors ?? []).filter((line) => {
        const path = line.slice(0, line.indexOf(':'));
        if (!path || path === '(body)') return true;
        setError(formField(path.split('.')), { type: 'server', message: line.slice(path.length + 1).trim() });
        return false;
      });
      setServerError(
        unplaced.length
          ? unplaced.map((line) => validationErrorIn(line, locale)).join(locale === 'ar' ? '؛ ' : '; ')
          : error.body?.validationErrors?.length
            ? null
            : error.messageIn(locale),
      );
    },
  });
  const submit = (v: EntityFormValues) => {
    setServerError(null);
    setUnchanged(false);
    if (!entity || !initial) return create.mutate(v);
    const changes = changedFields(toUpdateBody(v, entity.type), toUpdateBody(initial, entity.type));
    if (!Object.keys(changes).length) return setUnchanged(true);
    update.mutate({ id: entity.id, body: { ...changes, expectedUpdatedAt: entity.updatedAt } });
  };
  const err = (field: keyof EntityFormValues) => {
    const problem = formState.errors[field];
    if (!problem) return undefined;
    if (problem.type === 'nameRequired' || problem.type === 'nameEnScript' || problem.type === 'nameArScript') return t(`entityForm.${problem.type}`);
    return t('entityForm.invalid', { detail: validationMessageIn(problem.message ?? '', locale) });
  };
  const described = (field: keyof EntityFormValues) => (formState.errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${field}-error` } : {});
  const otherCalendar =
    values.calendar === 'gregorian' ? values.dateGregorian && gregorianToHijri(values.dateGregorian) : values.dateHijri && hijriToGregorian(values.dateHijri);

  return (
    <form noValidate className="flex max-w-3xl flex-col gap-4" onSubmit={handleSubmit(submit)}>
      {editing ? (
        <p className="text-sm text-slate-600" data-testid="edit-scope">
          {t('entityForm.editScope')}
        </p>
      ) : (
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
      )}

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
          <div className="flex flex-col gap-1 sm:col-span-2">
            <span className="text-sm font-medium text-slate-800" id="phone-label">
              {t('profile.phone')}
            </span>
            {/* Dialing code before the number in both languages, as a phone number is written. Each option is the
                country, then its code: "Saudi Arabia (+966)", and in Arabic "المملكة العربية السعودية (966)" without the plus,
                which Chromium's closed picker draws as 966+ beside Arabic whatever bidi marks or isolates the text holds
                (it ignores them); the name first also lets a typed letter find the country. Stacked on a phone, and a
                row of its own on wider screens, so neither the country name nor the number is cut off. */}
            <div className="grid grid-cols-1 gap-2 min-[480px]:grid-cols-[minmax(0,16rem)_minmax(0,20rem)] rtl:justify-end" dir="ltr">
              <Select
                aria-label={t('entityForm.dialingCode')}
                dir={locale === 'ar' ? 'rtl' : 'ltr'}
                {...register('phoneCountry')}
                {...described('phoneCountry')}
              >
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {locale === 'ar' ? `${c.name} (${c.dial})` : `${c.name} (+${c.dial})`}
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

      {editing ? null : (
        <>
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
        </>
      )}

      {serverError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
          data-testid="form-error"
        >
          <p>{serverError}</p>
          {stale ? (
            <Button variant="secondary" size="sm" onClick={() => window.location.reload()}>
              {t('entityForm.reload')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {unchanged ? (
        <p role="status" className="rounded-md border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800" data-testid="form-unchanged">
          {t('entityForm.noChanges')}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending || update.isPending}>
          {editing ? t('entityForm.save') : t('entityForm.create')}
        </Button>
        <Button variant="secondary" onClick={() => router.push(entity ? `/entities/${entity.id}` : '/entities')}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
