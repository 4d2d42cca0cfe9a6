'use client';

import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateTimeText } from '@/components/ui/dates';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';
import { Field, Input } from '@/components/ui/field';
import type { CaseAttachmentItem } from './types';

/** The case's evidence: the files officers attached, each a download, and the form to attach another. */
export function CaseAttachments({ caseId, onChanged }: { caseId: string; onChanged: () => void }) {
  const t = useTranslations('transactions');
  const tc = useTranslations('common');
  const locale = useLocale();
  const client = useQueryClient();
  const url = `/services/crm/cases/${caseId}/attachments`;
  const list = useQuery({ queryKey: ['tm-case-attachments', caseId], queryFn: () => fetchJson<{ data: CaseAttachmentItem[] }>(url) });
  const [file, setFile] = useState<File | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  // A new key clears the file input after an upload.
  const [formKey, setFormKey] = useState(0);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (body: FormData) => fetchJson(url, { method: 'POST', body }),
    onSuccess: () => {
      setError(null);
      setName('');
      setFile(null);
      setFormKey((k) => k + 1);
      onChanged();
    },
    onError: (e) => setError(t('actionFailed', { message: e instanceof FetchError ? e.messageIn(locale) : tc('errorDescription') })),
    onSettled: () => client.invalidateQueries({ queryKey: ['tm-case-attachments', caseId] }),
  });
  const kb = new Intl.NumberFormat(locale === 'ar' ? 'ar-SA-u-nu-latn' : 'en-GB', { maximumFractionDigits: 1 });

  return (
    <Card title={t('attachments')} id="case-attachments">
      {list.data?.data.length ? (
        <ul className="mb-3 flex flex-col divide-y divide-slate-100" data-testid="case-attachment-list">
          {list.data.data.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <a
                href={`${url}/${a.id}/content`}
                className="min-w-0 break-all font-medium text-brand-700 underline underline-offset-2"
                aria-label={t('downloadAttachment', { name: a.name })}
                download
              >
                <bdi>{a.name}</bdi>
              </a>
              <span className="text-xs text-slate-600" dir="ltr">
                {a.mimeType}
              </span>
              <span className="text-xs text-slate-600">{t('attachmentSize', { kb: kb.format(Number(a.size) / 1024) })}</span>
              <span className="text-xs text-slate-600">
                {a.createdBy ? (
                  <>
                    <bdi>{a.createdBy.displayName}</bdi> ·{' '}
                  </>
                ) : null}
                <DateTimeText locale={locale} value={a.createdAt} />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-3 text-sm text-slate-700">{list.isLoading ? tc('loading') : t('noAttachments')}</p>
      )}
      {error ? (
        <p role="alert" className="mb-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <form
        key={formKey}
        className="grid gap-2 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!file) return;
          const body = new FormData();
          body.append('file', file);
          if (name.trim()) body.append('name', name.trim());
          upload.mutate(body);
        }}
      >
        <Field label={t('attachFile')} htmlFor="attachment-file" hint={t('attachHint')}>
          {/* The browser's own file button speaks the browser's language, not the page's: ours does. */}
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <Button size="sm" variant="secondary" onClick={() => picker.current?.click()}>
              {t('chooseFile')}
            </Button>
            <span className="min-w-0 truncate text-sm text-slate-600" dir="auto">
              {file ? file.name : t('noFileChosen')}
            </span>
            <input
              ref={picker}
              id="attachment-file"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              type="file"
              accept="image/*,video/*,application/pdf"
              required
              tabIndex={-1}
              className="sr-only"
            />
          </div>
        </Field>
        <Field label={t('attachmentName')} htmlFor="attachment-name">
          <Input id="attachment-name" dir="auto" maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <div>
          <Button type="submit" size="sm" disabled={upload.isPending} data-testid="attach">
            {t('attach')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
