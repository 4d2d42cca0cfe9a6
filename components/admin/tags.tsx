'use client';

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import type { z } from 'zod';
import type { listTagsResponse, tagUsageList } from '@/lib/tags/schemas';
import { TAG_SCOPES } from '@/lib/tags/schemas';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input, Select } from '@/components/ui/field';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';

type TagRow = z.infer<typeof listTagsResponse>['data'][number];
type Usage = z.infer<typeof tagUsageList>['data'][number];
type Scope = TagRow['scope'];
interface Draft {
  nameEn: string;
  nameAr: string;
  scope: Scope;
}

const emptyDraft: Draft = { nameEn: '', nameAr: '', scope: 'Entity' };

/**
 * The tenant's tags: create, rename (both languages), change the scope of a tag no record carries,
 * delete an unused one. Usage counts come from the server; the server refuses (409) whatever the
 * counts say, so a stale screen cannot delete a tag in use.
 */
export function TagsAdmin() {
  const t = useTranslations();
  const locale = useLocale();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [editing, setEditing] = useState<{ id: string; draft: Draft } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const tags = useQuery({ queryKey: ['tags', 'all'], queryFn: () => fetchJson<{ data: TagRow[] }>('/services/crm/tags') });
  const usage = useQuery({ queryKey: ['tags', 'usage'], queryFn: () => fetchJson<{ data: Usage[] }>('/services/crm/tags/usage') });
  const usageOf = new Map((usage.data?.data ?? []).map((u) => [u.tagId, u]));
  const refresh = () => void client.invalidateQueries({ queryKey: ['tags'] });
  const fail = (e: unknown) => setNotice({ ok: false, text: e instanceof FetchError ? e.messageIn(locale) : t('common.errorDescription') });
  const body = (d: Draft) => ({ nameEn: d.nameEn.trim(), nameAr: d.nameAr.trim() || null, scope: d.scope });

  const create = useMutation({
    mutationFn: () => {
      const { nameAr, ...rest } = body(draft);
      return fetchJson<{ data: TagRow }>('/services/crm/tags', { method: 'POST', body: JSON.stringify(nameAr ? { ...rest, nameAr } : rest) });
    },
    onSuccess: (res) => {
      setDraft(emptyDraft);
      setNotice({ ok: true, text: t('tagsAdmin.created', { name: res.data.nameEn }) });
      refresh();
    },
    onError: fail,
  });
  const save = useMutation({
    mutationFn: (edit: { id: string; draft: Draft }) => fetchJson(`/services/crm/tags/${edit.id}`, { method: 'PATCH', body: JSON.stringify(body(edit.draft)) }),
    onSuccess: () => {
      setEditing(null);
      setNotice({ ok: true, text: t('tagsAdmin.saved') });
      refresh();
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (id: string) => fetchJson(`/services/crm/tags/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      setConfirming(null);
      setNotice({ ok: true, text: t('tagsAdmin.deleted') });
      refresh();
    },
    onError: (e) => {
      setConfirming(null);
      fail(e);
    },
  });

  const scopeLabel = (scope: Scope) => t(`tagsAdmin.scopes.${scope}`);
  const draftFields = (prefix: string, value: Draft, onChange: (d: Draft) => void, scopeLocked = false) => (
    <>
      <Field label={t('tagsAdmin.nameEn')} htmlFor={`${prefix}-name-en`}>
        <Input
          id={`${prefix}-name-en`}
          dir="ltr"
          required
          maxLength={200}
          value={value.nameEn}
          onChange={(e) => onChange({ ...value, nameEn: e.target.value })}
          className="min-w-0 sm:w-56"
        />
      </Field>
      <Field label={t('tagsAdmin.nameAr')} htmlFor={`${prefix}-name-ar`}>
        <Input
          id={`${prefix}-name-ar`}
          dir="rtl"
          lang="ar"
          maxLength={200}
          value={value.nameAr}
          onChange={(e) => onChange({ ...value, nameAr: e.target.value })}
          className="min-w-0 sm:w-56"
        />
      </Field>
      <Field label={t('tagsAdmin.scope')} htmlFor={`${prefix}-scope`} hint={scopeLocked ? t('tagsAdmin.scopeLocked') : undefined}>
        <Select id={`${prefix}-scope`} value={value.scope} disabled={scopeLocked} onChange={(e) => onChange({ ...value, scope: e.target.value as Scope })}>
          {TAG_SCOPES.map((scope) => (
            <option key={scope} value={scope}>
              {scopeLabel(scope)}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );

  return (
    <div className="flex flex-col gap-4">
      <Card title={t('tagsAdmin.create')} id="create-tag">
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            setNotice(null);
            create.mutate();
          }}
        >
          {draftFields('new-tag', draft, setDraft)}
          <Button type="submit" disabled={create.isPending || !draft.nameEn.trim()}>
            {t('tagsAdmin.createButton')}
          </Button>
        </form>
      </Card>

      {notice ? (
        <p role={notice.ok ? 'status' : 'alert'} className={`text-sm ${notice.ok ? 'text-emerald-800' : 'text-red-700'}`} data-testid="tags-notice">
          {notice.text}
        </p>
      ) : null}

      <Card title={t('tagsAdmin.title')} id="tags">
        {tags.isPending ? (
          <LoadingState label={t('common.loading')} />
        ) : tags.isError ? (
          <ErrorState title={t('common.errorTitle')} description={t('common.errorDescription')} />
        ) : tags.data.data.length === 0 ? (
          <EmptyState title={t('tagsAdmin.none')} />
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="tag-list">
            {tags.data.data.map((tag) => {
              const used = usageOf.get(tag.id);
              const count = used ? used.entities + used.transactions : 0;
              return (
                <li key={tag.id} className="flex flex-col gap-2 py-3" data-testid="tag-row" data-tag={tag.nameEn}>
                  {editing?.id === tag.id ? (
                    <form
                      className="flex flex-wrap items-end gap-3"
                      aria-label={t('tagsAdmin.editing', { name: tag.nameEn })}
                      onSubmit={(event) => {
                        event.preventDefault();
                        setNotice(null);
                        save.mutate(editing);
                      }}
                    >
                      {draftFields(`edit-${tag.id}`, editing.draft, (d) => setEditing({ id: tag.id, draft: d }), count > 0)}
                      <div className="flex gap-2">
                        <Button size="sm" type="submit" disabled={save.isPending || !editing.draft.nameEn.trim()}>
                          {t('tagsAdmin.save')}
                        </Button>
                        <Button size="sm" variant="secondary" onClick={() => setEditing(null)}>
                          {t('common.cancel')}
                        </Button>
                      </div>
                    </form>
                  ) : (
                    <div className="flex flex-wrap items-center justify-between gap-3">
                      <div className="min-w-0">
                        <p className="font-medium text-slate-900">
                          <bdi dir="ltr">{tag.nameEn}</bdi>
                          {tag.nameAr ? (
                            <>
                              {' · '}
                              <bdi lang="ar" dir="rtl">
                                {tag.nameAr}
                              </bdi>
                            </>
                          ) : null}
                        </p>
                        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                          <Badge tone="info">{scopeLabel(tag.scope)}</Badge>
                          <span data-testid="tag-usage">{used ? t('tagsAdmin.usage', { entities: used.entities, transactions: used.transactions }) : '…'}</span>
                        </p>
                      </div>
                      {confirming === tag.id ? (
                        <div role="alertdialog" aria-label={t('tagsAdmin.confirmDelete', { name: tag.nameEn })} className="flex flex-wrap items-center gap-2">
                          <span className="text-sm">{t('tagsAdmin.confirmDelete', { name: tag.nameEn })}</span>
                          <Button size="sm" variant="danger" onClick={() => remove.mutate(tag.id)} disabled={remove.isPending} autoFocus>
                            {t('tagsAdmin.delete')}
                          </Button>
                          <Button size="sm" variant="secondary" onClick={() => setConfirming(null)}>
                            {t('common.cancel')}
                          </Button>
                        </div>
                      ) : (
                        <div className="flex flex-wrap gap-2">
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label={t('tagsAdmin.editLabel', { name: tag.nameEn })}
                            onClick={() => {
                              setNotice(null);
                              setEditing({ id: tag.id, draft: { nameEn: tag.nameEn, nameAr: tag.nameAr ?? '', scope: tag.scope } });
                            }}
                          >
                            {t('tagsAdmin.edit')}
                          </Button>
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label={t('tagsAdmin.deleteLabel', { name: tag.nameEn })}
                            onClick={() => {
                              setNotice(null);
                              setConfirming(tag.id);
                            }}
                          >
                            {t('tagsAdmin.delete')}
                          </Button>
                        </div>
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </div>
  );
}
