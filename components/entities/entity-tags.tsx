'use client';

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { X } from 'lucide-react';
import type { z } from 'zod';
import type { listTagsResponse } from '@/lib/tags/schemas';
import { Button } from '@/components/ui/button';
import { Field, Select } from '@/components/ui/field';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';

type TagRow = z.infer<typeof listTagsResponse>['data'][number];

/**
 * An entity's tags with a remove button on each and a picker of the Entity-scope tags it does not
 * carry yet (PUT and DELETE /entities/{id}/tags/{tagId}; audited on the entity by the service).
 */
export function EntityTags({ entityId, assigned }: { entityId: string; assigned: { id: string; nameEn: string | null; nameAr: string | null }[] }) {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const all = useQuery({ queryKey: ['tags', 'Entity'], queryFn: () => fetchJson<{ data: TagRow[] }>('/services/crm/tags?scope=Entity') });
  const label = (tag: { nameEn: string | null; nameAr: string | null }) => (locale === 'ar' ? tag.nameAr || tag.nameEn : tag.nameEn || tag.nameAr) ?? '—';
  const have = new Set(assigned.map((tag) => tag.id));
  const available = (all.data?.data ?? []).filter((tag) => !have.has(tag.id));

  const change = async (tagId: string, put: boolean, name: string) => {
    setBusy(true);
    setNotice(null);
    try {
      await fetchJson(`/services/crm/entities/${entityId}/tags/${tagId}`, { method: put ? 'PUT' : 'DELETE' });
      setNotice({ ok: true, text: t(put ? 'profile.tagAdded' : 'profile.tagRemoved', { name }) });
      setChoice('');
      router.refresh();
    } catch (e) {
      setNotice({ ok: false, text: e instanceof FetchError ? e.messageIn(locale) : t('common.errorDescription') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {assigned.length === 0 ? (
        <p className="text-sm text-slate-600">{t('profile.noTags')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" data-testid="entity-tags">
          {assigned.map((tag) => (
            <li key={tag.id} className="inline-flex items-center gap-1 rounded-full bg-sky-50 py-0.5 ps-3 pe-1 text-sm text-sky-900 ring-1 ring-sky-200">
              <bdi>{label(tag)}</bdi>
              <button
                type="button"
                disabled={busy}
                onClick={() => void change(tag.id, false, label(tag))}
                aria-label={t('profile.removeTag', { name: label(tag) })}
                className="rounded-full p-1 hover:bg-sky-100 disabled:opacity-50"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const tag = available.find((x) => x.id === choice);
          if (tag) void change(tag.id, true, label(tag));
        }}
      >
        <Field label={t('profile.addTag')} htmlFor="add-tag-select">
          <Select id="add-tag-select" value={choice} onChange={(e) => setChoice(e.target.value)} disabled={available.length === 0}>
            <option value="">{available.length === 0 ? t('profile.noMoreTags') : t('profile.chooseTag')}</option>
            {available.map((tag) => (
              <option key={tag.id} value={tag.id}>
                {label(tag)}
              </option>
            ))}
          </Select>
        </Field>
        <Button size="sm" type="submit" disabled={busy || !choice}>
          {t('profile.assignTag')}
        </Button>
      </form>
      {notice ? (
        <p role={notice.ok ? 'status' : 'alert'} className={`text-sm ${notice.ok ? 'text-emerald-800' : 'text-red-700'}`}>
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}
