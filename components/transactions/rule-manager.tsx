'use client';

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { Badge, toneOfStatus } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';
import { Field, Input, Select } from '@/components/ui/field';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { paramProblems, type ParamProblem, type ParamSpec } from './rule-param-spec';
import { RuleParams } from './rule-params';
import type { BacktestOut, RuleItem, TemplateItem } from './types';

interface Draft {
  id: string | null;
  code: string;
  nameEn: string;
  nameAr: string;
  type: 'Hard' | 'Soft';
  severity: 'Low' | 'Medium' | 'High' | 'Critical';
  template: string;
  params: Record<string, string | boolean>;
}

function draftOf(rule: RuleItem): Draft {
  const config = rule.config as { template: string; params: Record<string, unknown> };
  return {
    id: rule.id,
    code: rule.code,
    nameEn: rule.nameEn,
    nameAr: rule.nameAr,
    type: rule.type,
    severity: rule.severity,
    template: config.template,
    params: Object.fromEntries(Object.entries(config.params ?? {}).map(([k, v]) => [k, typeof v === 'boolean' ? v : String(v)])),
  };
}

/** Form values → the template's typed parameters (integers as numbers, decimals stay strings). */
function paramsOf(draft: Draft, template: TemplateItem | undefined): Record<string, unknown> {
  const vars = (template?.configVariables ?? {}) as Record<string, ParamSpec>;
  const out: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(vars)) {
    const value = draft.params[key];
    if (value === undefined || value === '') continue;
    out[key] = spec.type === 'integer' ? (/^-?\d+$/.test(String(value)) ? Number(value) : value) : value;
  }
  return out;
}

export function RuleManager() {
  const t = useTranslations('transactions');
  const tc = useTranslations('common');
  const locale = useLocale();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [problems, setProblems] = useState<Record<string, ParamProblem>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [days, setDays] = useState('30');
  const [result, setResult] = useState<BacktestOut | null>(null);

  const rules = useQuery({ queryKey: ['tm-rules'], queryFn: () => fetchJson<{ data: RuleItem[] }>('/services/crm/transaction-rules') });
  const templates = useQuery({ queryKey: ['tm-templates'], queryFn: () => fetchJson<{ data: TemplateItem[] }>('/services/crm/transaction-rules/templates') });
  const template = templates.data?.data.find((x) => x.template === draft?.template);

  const fail = (error: unknown) => {
    setNotice(null);
    setErrors(
      error instanceof FetchError ? (error.body?.validationErrors ? error.validationErrorsIn(locale) : [error.messageIn(locale)]) : [tc('errorDescription')],
    );
  };
  const save = useMutation({
    mutationFn: async (d: Draft) => {
      const config = { template: d.template, params: paramsOf(d, template) };
      const body = { nameEn: d.nameEn, nameAr: d.nameAr, type: d.type, severity: d.severity, config };
      return d.id
        ? fetchJson<{ data: RuleItem }>(`/services/crm/transaction-rules/${d.id}`, { method: 'PATCH', body: JSON.stringify(body) })
        : fetchJson<{ data: RuleItem }>('/services/crm/transaction-rules', { method: 'POST', body: JSON.stringify({ ...body, code: d.code }) });
    },
    onSuccess: (res) => {
      setErrors([]);
      setNotice(t('saved'));
      setDraft(draftOf(res.data));
      void client.invalidateQueries({ queryKey: ['tm-rules'] });
    },
    onError: (error, d) => {
      // A new rule's only conflict is its code being taken: the message goes under the code field.
      if (!d.id && error instanceof FetchError && error.status === 409 && error.errorCode === 'CONFLICT') {
        setNotice(null);
        setErrors([`code: ${error.messageIn(locale)}`]);
      } else fail(error);
    },
  });
  const status = useMutation({
    mutationFn: ({ id, to }: { id: string; to: 'Published' | 'Deactivated' }) =>
      fetchJson(`/services/crm/transaction-rules/${id}/status`, { method: 'PATCH', body: JSON.stringify({ status: to }) }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['tm-rules'] }),
    onError: fail,
  });
  const backtest = useMutation({
    mutationFn: (d: Draft) =>
      fetchJson<{ data: BacktestOut }>(`/services/crm/transaction-rules/${d.id}/backtest`, {
        method: 'POST',
        body: JSON.stringify({ days: Number(days) || 30, config: { template: d.template, params: paramsOf(d, template) } }),
      }),
    onSuccess: (res) => {
      setErrors([]);
      setResult(res.data);
    },
    onError: fail,
  });

  const openDraft = (next: Draft) => {
    setDraft(next);
    setErrors([]);
    setProblems({});
    setResult(null);
    setNotice(null);
  };
  const startNew = () => {
    const first = templates.data?.data[0]?.template ?? 'LargeAmount';
    openDraft({ id: null, code: '', nameEn: '', nameAr: '', type: 'Soft', severity: 'Medium', template: first, params: {} });
  };
  const errorFor = (path: string) =>
    errors
      .find((e) => e.startsWith(`${path}:`))
      ?.slice(path.length + 1)
      .trim();
  const vars = Object.entries((template?.configVariables ?? {}) as Record<string, ParamSpec>);
  /** Sends only parameters that look right; otherwise names the wrong ones in the page's language. */
  const checked = (send: (d: Draft) => void) => (d: Draft) => {
    const found = paramProblems(vars, d.params);
    setProblems(found);
    if (Object.keys(found).length === 0) send(d);
  };
  // Errors of a field are shown under it; the rest above the buttons.
  const generalErrors = errors.filter((e) => !/^(code|nameEn|nameAr|config\.params\.\w+):/.test(e));
  const paramError = (key: string) => {
    const problem = problems[key];
    if (!problem) return errorFor(`config.params.${key}`);
    const spec = vars.find(([k]) => k === key)?.[1];
    return t(`paramErrors.${problem}`, { min: spec?.minimum ?? 0, max: spec?.maximum ?? 0 });
  };

  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button onClick={startNew} data-testid="new-rule">
          {t('newRule')}
        </Button>
      </div>
      {rules.isPending ? (
        <LoadingState label={tc('loading')} />
      ) : rules.isError ? (
        <ErrorState title={tc('errorTitle')} description={tc('errorDescription')} />
      ) : rules.data.data.length === 0 ? (
        <EmptyState title={t('emptyRules')} description={t('emptyRulesDescription')} />
      ) : (
        <Table caption={t('rulesTitle')}>
          <thead>
            <tr>
              <Th>{t('code')}</Th>
              <Th>{t('rule')}</Th>
              <Th>{t('template')}</Th>
              <Th>{t('type')}</Th>
              <Th>{t('status')}</Th>
              <Th>{t('version')}</Th>
              <Th>{t('edit')}</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rules.data.data.map((r) => (
              <tr key={r.id} data-rule={r.code}>
                <Td label={t('code')}>
                  <span dir="ltr" className="font-mono text-xs">
                    {r.code}
                  </span>
                </Td>
                <Td label={t('rule')}>
                  <span dir="auto">{locale === 'ar' ? r.nameAr : r.nameEn}</span>
                </Td>
                <Td label={t('template')}>{t(`templates.${(r.config as { template: string }).template}` as 'templates.LargeAmount')}</Td>
                <Td label={t('type')}>{t(`enum.${r.type}`)}</Td>
                <Td label={t('status')}>
                  <Badge tone={toneOfStatus(r.status === 'Published' ? 'Active' : r.status)}>{t(`enum.${r.status}`)}</Badge>
                </Td>
                <Td label={t('version')}>{r.version}</Td>
                <Td className="md:whitespace-nowrap">
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" variant="secondary" onClick={() => openDraft(draftOf(r))}>
                      {t('edit')}
                    </Button>
                    {r.status === 'Published' ? (
                      <Button size="sm" variant="secondary" onClick={() => status.mutate({ id: r.id, to: 'Deactivated' })}>
                        {t('deactivate')}
                      </Button>
                    ) : (
                      <Button size="sm" onClick={() => status.mutate({ id: r.id, to: 'Published' })} data-testid={`publish-${r.code}`}>
                        {t('publish')}
                      </Button>
                    )}
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}

      {draft ? (
        <Card>
          <form
            className="grid gap-3 sm:grid-cols-2"
            onSubmit={(e) => {
              e.preventDefault();
              checked(save.mutate)(draft);
            }}
            data-testid="rule-editor"
          >
            <Field label={t('template')} htmlFor="r-template">
              <Select
                id="r-template"
                value={draft.template}
                disabled={!!draft.id}
                onChange={(e) => {
                  setDraft({ ...draft, template: e.target.value, params: {} });
                  setProblems({});
                }}
              >
                {(templates.data?.data ?? []).map((x) => (
                  <option key={x.template} value={x.template}>
                    {t(`templates.${x.template}` as 'templates.LargeAmount')}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('code')} htmlFor="r-code" error={errorFor('code')}>
              <Input
                id="r-code"
                dir="ltr"
                value={draft.code}
                disabled={!!draft.id}
                aria-invalid={errorFor('code') ? true : undefined}
                aria-describedby={errorFor('code') ? 'r-code-error' : undefined}
                onChange={(e) => {
                  setDraft({ ...draft, code: e.target.value });
                  setErrors((all) => all.filter((x) => !x.startsWith('code:')));
                }}
                required
              />
            </Field>
            <Field label={t('nameEn')} htmlFor="r-name-en" error={errorFor('nameEn')}>
              <Input id="r-name-en" dir="ltr" lang="en" value={draft.nameEn} onChange={(e) => setDraft({ ...draft, nameEn: e.target.value })} required />
            </Field>
            <Field label={t('nameAr')} htmlFor="r-name-ar" error={errorFor('nameAr')}>
              <Input id="r-name-ar" dir="rtl" lang="ar" value={draft.nameAr} onChange={(e) => setDraft({ ...draft, nameAr: e.target.value })} required />
            </Field>
            <Field label={t('type')} htmlFor="r-type">
              <Select id="r-type" value={draft.type} onChange={(e) => setDraft({ ...draft, type: e.target.value as Draft['type'] })}>
                <option value="Soft">{t('enum.Soft')}</option>
                <option value="Hard">{t('enum.Hard')}</option>
              </Select>
            </Field>
            <Field label={t('severity')} htmlFor="r-severity">
              <Select id="r-severity" value={draft.severity} onChange={(e) => setDraft({ ...draft, severity: e.target.value as Draft['severity'] })}>
                {(['Low', 'Medium', 'High', 'Critical'] as const).map((s) => (
                  <option key={s} value={s}>
                    {t(`enum.${s}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <RuleParams
              template={draft.template}
              vars={vars}
              values={draft.params}
              errorFor={paramError}
              onChange={(key, value) => {
                setDraft({ ...draft, params: { ...draft.params, [key]: value } });
                setProblems(({ [key]: _, ...rest }) => rest);
              }}
            />
            {generalErrors.length ? (
              <p role="alert" className="text-sm text-red-800 sm:col-span-2">
                {generalErrors.join('; ')}
              </p>
            ) : null}
            <div className="flex flex-wrap items-end gap-2 sm:col-span-2">
              <Button type="submit" disabled={save.isPending} data-testid="save-rule">
                {draft.id ? t('save') : t('create')}
              </Button>
              {draft.id ? (
                <>
                  <Field label={t('backtestDays')} htmlFor="bt-days">
                    <Input id="bt-days" dir="ltr" inputMode="numeric" className="w-24" value={days} onChange={(e) => setDays(e.target.value)} />
                  </Field>
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={backtest.isPending}
                    onClick={() => checked(backtest.mutate)(draft)}
                    data-testid="run-backtest"
                  >
                    {t('backtest')}
                  </Button>
                </>
              ) : null}
              <Button type="button" variant="secondary" onClick={() => setDraft(null)}>
                {t('cancel')}
              </Button>
            </div>
            <div aria-live="polite" className="sm:col-span-2">
              {notice ? (
                <p role="status" className="text-sm text-emerald-800">
                  {notice}
                </p>
              ) : null}
              {result ? (
                <p role="status" data-testid="backtest-result" className="rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
                  {result.proposed
                    ? t('backtestResult', {
                        days: result.days,
                        transactions: result.transactions,
                        current: result.current.alerts,
                        currentEntities: result.current.entities,
                        proposed: result.proposed.alerts,
                        proposedEntities: result.proposed.entities,
                      })
                    : t('backtestCurrentOnly', {
                        days: result.days,
                        transactions: result.transactions,
                        current: result.current.alerts,
                        currentEntities: result.current.entities,
                      })}
                </p>
              ) : null}
            </div>
          </form>
        </Card>
      ) : null}
    </div>
  );
}
