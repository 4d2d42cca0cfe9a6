'use client';

import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { Star } from 'lucide-react';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input, Select } from '@/components/ui/field';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';
import { Table, Td, Th } from '@/components/ui/table';
import type { FlowOut, FormOut } from '@/lib/kyc/schemas';
import { formStatusTone, localized } from './labels';

const FORM_TYPES = ['Kyc', 'RiskAssessment', 'Suitability', 'Edd', 'QualifiedInvestor', 'AdditionalInformation'] as const;

function useNotice() {
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  return [notice, setNotice] as const;
}

function Notice({ notice }: { notice: { ok: boolean; text: string } | null }) {
  return (
    <div aria-live="polite">
      {notice ? (
        <p role="status" className={notice.ok ? 'text-sm text-emerald-800' : 'text-sm text-red-700'}>
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}

/** The tenant's flows and their forms; officers create flows and forms and choose the default flow. */
export function FlowsManager({ flows, canEdit }: { flows: FlowOut[]; canEdit: boolean }) {
  const t = useTranslations('kyc');
  const locale = useLocale();
  const router = useRouter();
  const [notice, setNotice] = useNotice();
  const [draft, setDraft] = useState({ nameEn: '', nameAr: '', fromTemplate: true, isDefault: false });
  const fail = (error: unknown) => setNotice({ ok: false, text: error instanceof FetchError ? error.messageIn(locale) : t('common.failed') });

  const createFlow = useMutation({
    mutationFn: () => fetchJson<{ data: FlowOut }>('/services/crm/kyc-flows', { method: 'POST', body: JSON.stringify(draft) }),
    onSuccess: ({ data }) => {
      setNotice({ ok: true, text: t('flows.created', { name: localized(locale, data.nameEn, data.nameAr) }) });
      setDraft({ nameEn: '', nameAr: '', fromTemplate: true, isDefault: false });
      router.refresh();
    },
    onError: fail,
  });
  const makeDefault = useMutation({
    mutationFn: (flowId: string) =>
      fetchJson<{ data: FlowOut }>(`/services/crm/kyc-flows/${flowId}`, { method: 'PATCH', body: JSON.stringify({ isDefault: true }) }),
    onSuccess: ({ data }) => {
      setNotice({ ok: true, text: t('flows.defaultSet', { name: localized(locale, data.nameEn, data.nameAr) }) });
      router.refresh();
    },
    onError: fail,
  });

  return (
    <div className="flex flex-col gap-4">
      <Notice notice={notice} />
      {flows.length === 0 ? <p className="text-sm text-slate-600">{t('flows.none')}</p> : null}
      {flows.map((flow) => (
        <Card
          key={flow.id}
          id={`flow-${flow.id}`}
          title={
            <span className="flex flex-wrap items-center gap-2">
              <span>{localized(locale, flow.nameEn, flow.nameAr)}</span>
              {flow.isDefault ? (
                <Badge tone="info">
                  <Star aria-hidden className="me-1 size-3" />
                  {t('flows.default')}
                </Badge>
              ) : null}
            </span>
          }
          actions={
            canEdit && !flow.isDefault ? (
              <Button size="sm" variant="secondary" onClick={() => makeDefault.mutate(flow.id)} disabled={makeDefault.isPending}>
                {t('flows.makeDefault')}
              </Button>
            ) : null
          }
        >
          <div className="flex flex-col gap-4" data-testid="flow-card">
            {flow.forms.length === 0 ? (
              <p className="text-sm text-slate-600">{t('flows.noForms')}</p>
            ) : (
              <Table caption={t('flows.formsOf', { name: localized(locale, flow.nameEn, flow.nameAr) })}>
                <thead>
                  <tr>
                    <Th>{t('form.type')}</Th>
                    <Th>{t('form.name')}</Th>
                    <Th>{t('form.version')}</Th>
                    <Th>{t('form.status')}</Th>
                    <Th>
                      <span className="sr-only">{t('flows.open')}</span>
                    </Th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {flow.forms.map((form) => (
                    <tr key={form.id}>
                      <Td label={t('form.type')}>{t(`enums.formType.${form.type}`)}</Td>
                      <Td label={t('form.name')}>
                        <bdi>{localized(locale, form.nameEn, form.nameAr)}</bdi>
                      </Td>
                      <Td label={t('form.version')}>{new Intl.NumberFormat(locale).format(form.version)}</Td>
                      <Td label={t('form.status')}>
                        <Badge tone={formStatusTone(form.status)}>{t(`enums.formStatus.${form.status}`)}</Badge>
                      </Td>
                      <Td>
                        <Link href={`/kyc/forms/${form.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                          {canEdit && form.status === 'Draft' ? t('flows.edit') : t('flows.open')}
                          <span className="sr-only"> – {localized(locale, form.nameEn, form.nameAr)}</span>
                        </Link>
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
            {canEdit ? <NewForm flowId={flow.id} onError={fail} /> : null}
          </div>
        </Card>
      ))}

      {canEdit ? (
        <Card title={t('flows.create')} id="create-flow">
          <form
            className="grid gap-3 sm:grid-cols-2"
            onSubmit={(event) => {
              event.preventDefault();
              setNotice(null);
              createFlow.mutate();
            }}
          >
            <Field label={t('form.nameEn')} htmlFor="flow-name-en">
              <Input
                id="flow-name-en"
                dir="ltr"
                lang="en"
                required
                maxLength={200}
                value={draft.nameEn}
                onChange={(e) => setDraft({ ...draft, nameEn: e.target.value })}
              />
            </Field>
            <Field label={t('form.nameAr')} htmlFor="flow-name-ar">
              <Input
                id="flow-name-ar"
                dir="rtl"
                lang="ar"
                required
                maxLength={200}
                value={draft.nameAr}
                onChange={(e) => setDraft({ ...draft, nameAr: e.target.value })}
              />
            </Field>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-4 accent-emerald-800"
                checked={draft.fromTemplate}
                onChange={(e) => setDraft({ ...draft, fromTemplate: e.target.checked })}
              />
              {t('flows.fromTemplate')}
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-4 accent-emerald-800"
                checked={draft.isDefault}
                onChange={(e) => setDraft({ ...draft, isDefault: e.target.checked })}
              />
              {t('flows.asDefault')}
            </label>
            <div className="sm:col-span-2">
              <Button type="submit" disabled={createFlow.isPending}>
                {t('flows.createButton')}
              </Button>
            </div>
          </form>
        </Card>
      ) : null}
    </div>
  );
}

function NewForm({ flowId, onError }: { flowId: string; onError: (error: unknown) => void }) {
  const t = useTranslations('kyc');
  const router = useRouter();
  const [type, setType] = useState<(typeof FORM_TYPES)[number]>('Kyc');
  const [nameEn, setNameEn] = useState('');
  const [nameAr, setNameAr] = useState('');
  const create = useMutation({
    mutationFn: () =>
      fetchJson<{ data: FormOut }>(`/services/crm/kyc-flows/${flowId}/forms`, {
        method: 'POST',
        body: JSON.stringify({ type, nameEn, nameAr, ...(type === 'Suitability' ? { passMark: 30 } : {}) }),
      }),
    onSuccess: ({ data }) => router.push(`/kyc/forms/${data.id}`),
    onError,
  });
  const id = (name: string) => `new-form-${name}-${flowId}`;
  return (
    <form
      className="grid gap-3 rounded-md border border-dashed border-slate-300 p-3 sm:grid-cols-4"
      aria-label={t('flows.newForm')}
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate();
      }}
    >
      <Field label={t('form.type')} htmlFor={id('type')}>
        <Select id={id('type')} value={type} onChange={(e) => setType(e.target.value as typeof type)}>
          {FORM_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`enums.formType.${value}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('form.nameEn')} htmlFor={id('en')}>
        <Input id={id('en')} dir="ltr" lang="en" required maxLength={200} value={nameEn} onChange={(e) => setNameEn(e.target.value)} />
      </Field>
      <Field label={t('form.nameAr')} htmlFor={id('ar')}>
        <Input id={id('ar')} dir="rtl" lang="ar" required maxLength={200} value={nameAr} onChange={(e) => setNameAr(e.target.value)} />
      </Field>
      <div className="flex items-end">
        <Button type="submit" variant="secondary" disabled={create.isPending}>
          {t('flows.newFormButton')}
        </Button>
      </div>
    </form>
  );
}
