'use client';

import { useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { updateTenantSettingsInput, type TenantSettings, type UpdateTenantSettingsInput } from '@/lib/tenancy/schemas';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input, Select } from '@/components/ui/field';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';

interface Values {
  quotaSoft: string;
  quotaHard: string;
  review: string;
  autoMatch: string;
  mediumFrom: string;
  highFrom: string;
  uboThreshold: string;
  defaultLanguage: 'en' | 'ar';
  timeZone: string;
  mfaRequired: boolean;
}

const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));
const toBody = (v: Values): UpdateTenantSettingsInput => ({
  quota: { soft: num(v.quotaSoft), hard: num(v.quotaHard) },
  screening: { review: num(v.review), autoMatch: num(v.autoMatch) },
  kycRisk: { mediumFrom: num(v.mediumFrom), highFrom: num(v.highFrom) },
  uboThreshold: num(v.uboThreshold),
  defaultLanguage: v.defaultLanguage,
  timeZone: v.timeZone,
  mfaRequired: v.mfaRequired,
});
const FIELD_OF: Record<string, keyof Values> = {
  'quota.soft': 'quotaSoft',
  'quota.hard': 'quotaHard',
  'screening.review': 'review',
  'screening.autoMatch': 'autoMatch',
  'kycRisk.mediumFrom': 'mediumFrom',
  'kycRisk.highFrom': 'highFrom',
  uboThreshold: 'uboThreshold',
  defaultLanguage: 'defaultLanguage',
  timeZone: 'timeZone',
  mfaRequired: 'mfaRequired',
};

/** react-hook-form validates with the API's own zod schema (PATCH /tenant-settings), through the body it will send. */
const resolver: Resolver<Values> = async (values) => {
  const parsed = updateTenantSettingsInput.safeParse(toBody(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[issue.path.join('.')] ?? 'quotaSoft';
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

/**
 * The tenant's settings in one form, saved together (PATCH /tenant-settings, audited): bulk quota,
 * screening thresholds, KYC risk thresholds, beneficial-ownership threshold, default language,
 * time zone and the two-step sign-in policy.
 */
export function TenantSettingsForm({ initial }: { initial: TenantSettings }) {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const zones = useMemo(() => {
    const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    return all.includes(initial.timeZone) ? all : [initial.timeZone, ...all];
  }, [initial.timeZone]);
  const number = new Intl.NumberFormat(locale);
  const form = useForm<Values>({
    resolver,
    defaultValues: {
      quotaSoft: String(initial.quota.soft),
      quotaHard: String(initial.quota.hard),
      review: String(initial.screening.review),
      autoMatch: String(initial.screening.autoMatch),
      mediumFrom: String(initial.kycRisk.mediumFrom),
      highFrom: String(initial.kycRisk.highFrom),
      uboThreshold: String(initial.uboThreshold),
      defaultLanguage: initial.defaultLanguage,
      timeZone: initial.timeZone,
      mfaRequired: initial.mfaRequired,
    },
  });
  const { register, handleSubmit, formState } = form;
  const error = (field: keyof Values) => (formState.errors[field] ? t(`tenantSettings.errors.${field}`) : undefined);
  const numberInput = (field: keyof Values, props: { step?: string; min?: number; max?: number } = {}) => (
    <Input
      id={`setting-${field}`}
      type="number"
      inputMode="decimal"
      dir="ltr"
      className="text-start"
      aria-invalid={Boolean(formState.errors[field])}
      aria-describedby={formState.errors[field] ? `setting-${field}-error` : undefined}
      {...props}
      {...register(field)}
    />
  );

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={handleSubmit(async (values) => {
        setNotice(null);
        try {
          await fetchJson('/services/crm/tenant-settings', { method: 'PATCH', body: JSON.stringify(toBody(values)) });
          setNotice({ ok: true, text: t('tenantSettings.saved') });
          router.refresh();
        } catch (e) {
          setNotice({ ok: false, text: e instanceof FetchError ? e.messageIn(locale) : t('common.errorDescription') });
        }
      })}
    >
      <Card title={t('tenantSettings.quota')} id="quota">
        <p className="mb-3 text-sm text-slate-600">{t('tenantSettings.quotaHint', { entities: number.format(initial.quota.entities) })}</p>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label={t('tenantSettings.quotaSoft')} htmlFor="setting-quotaSoft" error={error('quotaSoft')}>
            {numberInput('quotaSoft', { step: '1', min: 0 })}
          </Field>
          <Field label={t('tenantSettings.quotaHard')} htmlFor="setting-quotaHard" error={error('quotaHard')}>
            {numberInput('quotaHard', { step: '1', min: 0 })}
          </Field>
        </div>
      </Card>
      <Card title={t('tenantSettings.screening')} id="screening">
        <p className="mb-3 text-sm text-slate-600">{t('tenantSettings.screeningHint')}</p>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label={t('tenantSettings.review')} htmlFor="setting-review" error={error('review')}>
            {numberInput('review', { step: '0.1', min: 1, max: 100 })}
          </Field>
          <Field label={t('tenantSettings.autoMatch')} htmlFor="setting-autoMatch" error={error('autoMatch')}>
            {numberInput('autoMatch', { step: '0.1', min: 1, max: 100 })}
          </Field>
        </div>
      </Card>
      <Card title={t('tenantSettings.kycRisk')} id="kyc-risk">
        <p className="mb-3 text-sm text-slate-600">{t('tenantSettings.kycRiskHint')}</p>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label={t('tenantSettings.mediumFrom')} htmlFor="setting-mediumFrom" error={error('mediumFrom')}>
            {numberInput('mediumFrom', { step: '0.1', min: 0, max: 100 })}
          </Field>
          <Field label={t('tenantSettings.highFrom')} htmlFor="setting-highFrom" error={error('highFrom')}>
            {numberInput('highFrom', { step: '0.1', min: 0, max: 100 })}
          </Field>
          <Field label={t('tenantSettings.uboThreshold')} htmlFor="setting-uboThreshold" error={error('uboThreshold')} hint={t('tenantSettings.uboHint')}>
            {numberInput('uboThreshold', { step: '0.01', min: 0, max: 100 })}
          </Field>
        </div>
      </Card>
      <Card title={t('tenantSettings.regional')} id="regional">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label={t('tenantSettings.defaultLanguage')} htmlFor="setting-defaultLanguage" hint={t('tenantSettings.defaultLanguageHint')}>
            <Select id="setting-defaultLanguage" {...register('defaultLanguage')}>
              <option value="en">English</option>
              <option value="ar" lang="ar">
                العربية
              </option>
            </Select>
          </Field>
          <Field label={t('tenantSettings.timeZone')} htmlFor="setting-timeZone" error={error('timeZone')} hint={t('tenantSettings.timeZoneHint')}>
            <Select id="setting-timeZone" dir="ltr" className="text-start" {...register('timeZone')}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </Card>
      <Card title={t('tenantSettings.security')} id="security">
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1 size-4" data-testid="mfa-policy" {...register('mfaRequired')} />
          <span>{t('users.mfaPolicy')}</span>
        </label>
        <p className="mt-2 text-sm text-slate-600">{t('tenantSettings.mfaHint')}</p>
      </Card>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={formState.isSubmitting}>
          {t('tenantSettings.save')}
        </Button>
        {notice ? (
          <p role={notice.ok ? 'status' : 'alert'} className={`text-sm ${notice.ok ? 'text-emerald-800' : 'text-red-700'}`} data-testid="settings-notice">
            {notice.text}
          </p>
        ) : null}
      </div>
    </form>
  );
}
