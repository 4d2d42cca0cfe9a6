'use client';

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import type { z } from 'zod';
import type { apiKeyList, createdApiKeyResponse } from '@/lib/tenancy/schemas';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateTimeText } from '@/components/ui/dates';
import { Field, Input } from '@/components/ui/field';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';

type ApiKeyRow = z.infer<typeof apiKeyList>['data'][number];
type Created = z.infer<typeof createdApiKeyResponse>['data'];

/**
 * The tenant's API keys: create (the whole key is shown once, with a copy button), list with last
 * use, revoke after a confirmation. The same service as `npm run crm -- apikey:*`.
 */
export function ApiKeysAdmin() {
  const t = useTranslations();
  const locale = useLocale();
  const client = useQueryClient();
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<Created | null>(null);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const keys = useQuery({ queryKey: ['api-keys'], queryFn: () => fetchJson<{ data: ApiKeyRow[] }>('/services/crm/api-keys') });
  const fail = (e: unknown) => setError(e instanceof FetchError ? e.messageIn(locale) : t('common.errorDescription'));
  const create = useMutation({
    mutationFn: () => fetchJson<{ data: Created }>('/services/crm/api-keys', { method: 'POST', body: JSON.stringify({ label: label.trim() || undefined }) }),
    onSuccess: (res) => {
      setCreated(res.data);
      setCopied(false);
      setLabel('');
      void client.invalidateQueries({ queryKey: ['api-keys'] });
    },
    onError: fail,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => fetchJson(`/services/crm/api-keys/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      setConfirming(null);
      void client.invalidateQueries({ queryKey: ['api-keys'] });
    },
    onError: fail,
  });

  return (
    <div className="flex flex-col gap-4">
      <Card title={t('apiKeys.create')} id="create-key">
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            create.mutate();
          }}
        >
          <Field label={t('apiKeys.label')} htmlFor="key-label" hint={t('apiKeys.labelHint')}>
            <Input id="key-label" value={label} maxLength={100} onChange={(e) => setLabel(e.target.value)} className="min-w-0 sm:w-72" />
          </Field>
          <Button type="submit" disabled={create.isPending}>
            {t('apiKeys.createButton')}
          </Button>
        </form>
        {created ? (
          <div
            role="status"
            className="mt-4 flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            data-testid="new-key"
          >
            <p className="font-medium">{t('apiKeys.shownOnce')}</p>
            <code dir="ltr" className="block rounded bg-white p-2 text-start font-mono text-xs break-all" data-testid="new-key-value">
              {created.apiKey}
            </code>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="secondary"
                onClick={() =>
                  void navigator.clipboard
                    ?.writeText(created.apiKey)
                    .then(() => setCopied(true))
                    .catch(() => undefined)
                }
              >
                {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setCreated(null)}>
                {t('apiKeys.dismiss')}
              </Button>
            </div>
          </div>
        ) : null}
      </Card>

      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}

      <Card title={t('apiKeys.title')} id="keys">
        {keys.isPending ? (
          <LoadingState label={t('common.loading')} />
        ) : keys.isError ? (
          <ErrorState title={t('common.errorTitle')} description={t('common.errorDescription')} />
        ) : keys.data.data.length === 0 ? (
          <EmptyState title={t('apiKeys.none')} />
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="api-keys">
            {keys.data.data.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid={`key-${key.prefix}`}>
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    <bdi>{key.label ?? t('apiKeys.unlabelled')}</bdi> <code dir="ltr" className="text-xs text-slate-600">{`crm_${key.prefix}_…`}</code>
                  </p>
                  <p className="text-xs text-slate-600">
                    {t('apiKeys.created')} <DateTimeText locale={locale} value={key.createdAt} /> · {t('apiKeys.lastUsed')}{' '}
                    {key.lastUsedAt ? <DateTimeText locale={locale} value={key.lastUsedAt} /> : t('apiKeys.never')}
                  </p>
                </div>
                {key.revokedAt ? (
                  <Badge tone="bad">{t('apiKeys.revoked')}</Badge>
                ) : confirming === key.id ? (
                  <div role="alertdialog" aria-label={t('apiKeys.confirmRevoke', { prefix: key.prefix })} className="flex flex-wrap items-center gap-2">
                    <span className="text-sm">{t('apiKeys.confirmRevoke', { prefix: key.prefix })}</span>
                    <Button size="sm" variant="danger" onClick={() => revoke.mutate(key.id)} disabled={revoke.isPending} autoFocus>
                      {t('apiKeys.revoke')}
                    </Button>
                    <Button size="sm" variant="secondary" onClick={() => setConfirming(null)}>
                      {t('common.cancel')}
                    </Button>
                  </div>
                ) : (
                  <Button size="sm" variant="secondary" onClick={() => setConfirming(key.id)}>
                    {t('apiKeys.revoke')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
