'use client';

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { DateText } from '@/components/ui/dates';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { DocumentPreview } from '@/components/entities/document-preview';
import { EntityNameCell } from '@/components/entities/entity-name-cell';
import { ReviewForm, type Decision } from './review-form';
import type { ReviewQueuePage as ReviewPage } from '@/lib/bank-accounts/schemas';

export function ReviewQueue() {
  const t = useTranslations();
  const locale = useLocale();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const key = ['bank-review', page] as const;

  const query = useQuery({ queryKey: key, queryFn: () => fetchJson<ReviewPage>(`/services/crm/bank-accounts/manual/pending?page=${page}&size=20`) });

  const review = useMutation({
    mutationFn: ({ accountId, decision }: { accountId: string; iban: string; decision: Decision }) =>
      fetchJson(`/services/crm/bank-accounts/manual/${accountId}/review`, { method: 'PATCH', body: JSON.stringify(decision) }),
    // Optimistic: the row leaves the queue at once; if the server refuses, it comes back.
    onMutate: async ({ accountId }) => {
      setNotice(null);
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<ReviewPage>(key);
      if (previous) {
        client.setQueryData<ReviewPage>(key, {
          meta: { ...previous.meta, totalCount: Math.max(previous.meta.totalCount - 1, 0) },
          data: previous.data.filter((item) => item.id !== accountId),
        });
      }
      return { previous };
    },
    onError: (error, { iban }, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
      const message = error instanceof FetchError ? error.messageIn(locale) : t('common.errorDescription');
      setNotice({ ok: false, text: `${iban}: ${t('bankReview.failed', { message })}` });
    },
    onSuccess: (_data, { decision, iban }) => {
      setNotice({ ok: true, text: `${iban}: ${decision.decision === 'Approve' ? t('bankReview.approved') : t('bankReview.rejected')}` });
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['bank-review'] }),
  });

  return (
    <div className="flex flex-col gap-4">
      <div aria-live="polite">
        {notice ? (
          <p
            role="status"
            data-testid="review-notice"
            className={
              notice.ok
                ? 'rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900'
                : 'rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800'
            }
          >
            <span dir="auto">{notice.text}</span>
          </p>
        ) : null}
      </div>
      {query.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : query.isError ? (
        <ErrorState
          title={t('common.errorTitle')}
          description={t('common.errorDescription')}
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : query.data.data.length === 0 ? (
        <EmptyState title={t('bankReview.emptyTitle')} description={t('bankReview.emptyDescription')} />
      ) : (
        <>
          <Table caption={t('bankReview.title')}>
            <thead>
              <tr>
                <Th>{t('bankReview.entity')}</Th>
                <Th>{t('profile.iban')}</Th>
                <Th>{t('bankReview.submitted')}</Th>
                <Th>{t('bankReview.attachment')}</Th>
                <Th className="w-80">{t('bankReview.decisionHeader')}</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {query.data.data.map((item) => (
                <tr key={item.id} data-account={item.id}>
                  <Td label={t('bankReview.entity')}>
                    <EntityNameCell entity={item.entity} locale={locale} unnamed={t('entities.unnamed')} href={`/entities/${item.entity.id}`} />
                    {item.holderName ? (
                      // The holder's name as the account was submitted, to compare with the entity's.
                      <div className="text-xs text-slate-600">
                        {t('bankReview.holder')} <bdi>{item.holderName}</bdi>
                      </div>
                    ) : null}
                  </Td>
                  <Td label={t('profile.iban')}>
                    <span dir="ltr" className="font-mono text-xs">
                      {item.iban}
                    </span>
                    <div className="text-xs text-slate-600">
                      {(locale === 'ar' ? item.bankNameAr || item.bankNameEn : item.bankNameEn || item.bankNameAr) ?? ''}
                    </div>
                  </Td>
                  <Td label={t('bankReview.submitted')}>
                    <DateText locale={locale} value={item.createdAt} />
                  </Td>
                  <Td label={t('bankReview.attachment')}>{item.attachment ? <DocumentPreview attachment={item.attachment} /> : '—'}</Td>
                  <Td label={t('bankReview.decisionHeader')}>
                    <ReviewForm
                      iban={item.iban}
                      accountId={item.id}
                      disabled={review.isPending}
                      onDecide={(decision) => review.mutate({ accountId: item.id, iban: item.iban, decision })}
                    />
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pagination page={query.data.meta.page} totalPages={query.data.meta.totalPages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
