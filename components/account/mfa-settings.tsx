'use client';

import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import type { z } from 'zod';
import type { mfaEnrolmentResponse, mfaRecoveryCodesResponse, mfaStatusResponse } from '@/lib/tenancy/schemas';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';
import { Field, Input } from '@/components/ui/field';

type Status = z.infer<typeof mfaStatusResponse>['data'];
type Enrolment = z.infer<typeof mfaEnrolmentResponse>['data'];

const svgDataUrl = (svg: string) => `data:image/svg+xml;base64,${btoa(svg)}`;

/**
 * Two-step sign-in on the account page: enrol (QR code and the key for typing in, confirmed with a
 * code), the ten recovery codes shown once, and turning it off when it is not required.
 */
export function MfaSettings({ status }: { status: Status }) {
  const t = useTranslations('mfa');
  const locale = useLocale();
  const router = useRouter();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const errorOf = (error: unknown) => {
    if (!(error instanceof FetchError)) return t('failed');
    if (error.status === 429) return t('tooMany');
    if (error.body?.validationErrors?.some((e) => e.startsWith('code:'))) return t('wrongCode');
    return error.messageIn(locale);
  };
  const start = useMutation({
    mutationFn: () => fetchJson<{ data: Enrolment }>('/services/crm/account/mfa/enrolment', { method: 'POST', body: '{}' }).then((r) => r.data),
  });
  const confirm = useMutation({
    mutationFn: (code: string) =>
      fetchJson<z.infer<typeof mfaRecoveryCodesResponse>>('/services/crm/account/mfa/enrolment/confirm', { method: 'POST', body: JSON.stringify({ code }) }),
    onSuccess: (answer) => setRecoveryCodes(answer.data.recoveryCodes),
  });
  const disable = useMutation({
    mutationFn: (code: string) => fetchJson('/services/crm/account/mfa/disable', { method: 'POST', body: JSON.stringify({ code }) }),
    onSuccess: () => router.refresh(),
  });
  const codeOf = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    return String(new FormData(event.currentTarget).get('code') ?? '');
  };

  if (recoveryCodes) {
    return (
      <div className="flex flex-col gap-3" data-testid="mfa-recovery">
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {t('enabledNow')}
        </p>
        <p className="text-sm text-slate-700">{t('recoveryIntro')}</p>
        <ol dir="ltr" className="grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
          {recoveryCodes.map((code) => (
            <li key={code} className="rounded border border-slate-200 bg-slate-50 px-2 py-1 text-center">
              {code}
            </li>
          ))}
        </ol>
        <div>
          <Button type="button" onClick={() => (setRecoveryCodes(null), router.refresh())}>
            {t('savedThem')}
          </Button>
        </div>
      </div>
    );
  }

  if (status.enabled) {
    return (
      <div className="flex flex-col gap-3" data-testid="mfa-enabled">
        <p className="text-sm">
          <Badge tone="good">{t('on')}</Badge> <span className="ms-2 text-slate-700">{t('codesLeft', { count: status.recoveryCodesLeft })}</span>
        </p>
        {status.required ? (
          <p className="text-sm text-slate-600">{t('requiredNote')}</p>
        ) : (
          <form method="post" onSubmit={(e) => disable.mutate(codeOf(e))} className="flex max-w-sm flex-col gap-3" noValidate>
            <Field label={t('codeToDisable')} htmlFor="mfa-disable-code">
              <Input id="mfa-disable-code" name="code" autoComplete="one-time-code" required dir="ltr" className="text-start" maxLength={20} />
            </Field>
            <div>
              <Button type="submit" variant="danger" disabled={disable.isPending}>
                {t('disable')}
              </Button>
            </div>
            {disable.error ? (
              <p role="alert" className="text-sm text-red-700">
                {errorOf(disable.error)}
              </p>
            ) : null}
          </form>
        )}
      </div>
    );
  }

  const enrolment = start.data;
  return (
    <div className="flex flex-col gap-3" data-testid="mfa-setup">
      <p className="text-sm">
        <Badge tone={status.required ? 'bad' : 'neutral'}>{t('off')}</Badge>
        <span className="ms-2 text-slate-700">{status.required ? t('requiredOff') : t('optionalOff')}</span>
      </p>
      {!enrolment ? (
        <div>
          <Button type="button" onClick={() => start.mutate()} disabled={start.isPending} data-testid="mfa-start">
            {t('setUp')}
          </Button>
          {start.error ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {errorOf(start.error)}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">{t('scan')}</p>
          {/* eslint-disable-next-line @next/next/no-img-element -- an inline SVG data URL, nothing to optimise */}
          <img
            src={svgDataUrl(enrolment.qrSvg)}
            alt={t('qrAlt')}
            width={192}
            height={192}
            className="size-48 rounded border border-slate-200 bg-white"
            data-testid="mfa-qr"
          />
          <p className="text-sm text-slate-700">
            {t('manual')}{' '}
            <code dir="ltr" className="break-all rounded bg-slate-100 px-1 font-mono" data-testid="mfa-secret">
              {enrolment.secret}
            </code>
          </p>
          <form method="post" onSubmit={(e) => confirm.mutate(codeOf(e))} className="flex max-w-sm flex-col gap-3" noValidate>
            <Field label={t('codeFromApp')} htmlFor="mfa-code">
              <Input id="mfa-code" name="code" inputMode="numeric" autoComplete="one-time-code" required dir="ltr" className="text-start" maxLength={6} />
            </Field>
            <div>
              <Button type="submit" disabled={confirm.isPending}>
                {t('confirm')}
              </Button>
            </div>
            {confirm.error ? (
              <p role="alert" data-testid="mfa-error" className="text-sm text-red-700">
                {errorOf(confirm.error)}
              </p>
            ) : null}
          </form>
        </div>
      )}
    </div>
  );
}
