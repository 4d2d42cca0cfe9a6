'use client';

import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/field';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';
import type { CaseView, MatchReviewAnswer, StoredMatch } from './case-types';

type Notice = { ok: boolean; text: string };

/**
 * Four eyes on one match: a maker proposes TruePositive or FalsePositive with a comment; a different
 * officer approves (optionally blocking the client on a TruePositive) or sends it back. The server
 * enforces the same rules; the form only keeps an officer from asking for what will be refused.
 */
export function ReviewActions({
  caseId,
  match,
  entity,
  currentUserId,
  onChanged,
}: {
  caseId: string;
  match: StoredMatch;
  entity: CaseView['entity'];
  currentUserId: string;
  onChanged: () => void;
}) {
  const t = useTranslations('cases');
  const tc = useTranslations('common');
  const locale = useLocale();
  const id = useId();
  const [decision, setDecision] = useState<'TruePositive' | 'FalsePositive' | ''>('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [block, setBlock] = useState(false);
  const [blockReason, setBlockReason] = useState('');
  const [notify, setNotify] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const base = `/services/crm/cases/${caseId}/matches/${match.id}`;

  const fail = (e: unknown) => setNotice({ ok: false, text: t('failed', { message: e instanceof FetchError ? e.messageIn(locale) : tc('errorDescription') }) });
  const done = (text: string) => {
    setNotice({ ok: true, text });
    setComment('');
    setError(null);
    setConfirming(false);
    onChanged();
  };

  const propose = useMutation({
    mutationFn: () => fetchJson<MatchReviewAnswer>(`${base}/proposal`, { method: 'POST', body: JSON.stringify({ decision, comment: comment.trim() }) }),
    onSuccess: () => done(t('proposed')),
    onError: fail,
  });
  const approve = useMutation({
    mutationFn: () =>
      fetchJson<MatchReviewAnswer>(`${base}/approval`, {
        method: 'POST',
        body: JSON.stringify({
          ...(comment.trim() ? { comment: comment.trim() } : {}),
          ...(block
            ? {
                blockClient: {
                  ...(blockReason.trim() ? { reason: blockReason.trim() } : {}),
                  emailOptions: { notify, language: locale === 'ar' ? 'ar' : 'en' },
                },
              }
            : {}),
        }),
      }),
    onSuccess: (answer) => done(answer.clientStatus === 'Blocked' ? t('clientBlocked') : t('approved')),
    onError: (e) => {
      setConfirming(false);
      fail(e);
    },
  });
  const reject = useMutation({
    mutationFn: () => fetchJson<MatchReviewAnswer>(`${base}/rejection`, { method: 'POST', body: JSON.stringify({ comment: comment.trim() }) }),
    onSuccess: () => done(t('rejected')),
    onError: fail,
  });
  const busy = propose.isPending || approve.isPending || reject.isPending;

  const commentField = (label: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-comment`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <Textarea
        id={`${id}-comment`}
        rows={2}
        value={comment}
        maxLength={5000}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setComment(e.target.value)}
        disabled={busy}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );

  const noticeLine = (
    <div aria-live="polite">
      {notice ? (
        <p
          role="status"
          data-testid="match-notice"
          className={
            notice.ok
              ? 'rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900'
              : 'rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800'
          }
        >
          {notice.text}
        </p>
      ) : null}
    </div>
  );

  if (match.deprecatedAt) return noticeLine;

  if (match.status === 'Unreviewed') {
    return (
      <form
        className="flex flex-col gap-3"
        aria-label={t('review')}
        onSubmit={(event) => {
          event.preventDefault();
          if (!decision) return setError(t('decision'));
          if (!comment.trim()) return setError(t('commentRequired'));
          setError(null);
          propose.mutate();
        }}
      >
        {noticeLine}
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-slate-800">{t('decision')}</legend>
          {(['TruePositive', 'FalsePositive'] as const).map((value) => (
            <label key={value} className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={`${id}-decision`}
                value={value}
                checked={decision === value}
                onChange={() => setDecision(value)}
                disabled={busy}
                className="mt-0.5 size-4 accent-brand-600"
              />
              {t(`decisions.${value}`)}
            </label>
          ))}
        </fieldset>
        {commentField(t('comment'))}
        <div>
          <Button type="submit" disabled={busy}>
            {t('propose')}
          </Button>
        </div>
      </form>
    );
  }

  if (match.status === 'PendingApproval' && match.proposedStatus) {
    const proposed = t(`matchStatus.${match.proposedStatus}`);
    const own = match.proposedBy?.id === currentUserId;
    const canBlock = match.proposedStatus === 'TruePositive' && entity.role === 'Client' && entity.status === 'Active';
    return (
      <div className="flex flex-col gap-3">
        {noticeLine}
        <div className="rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950">
          <p className="font-medium">{t('proposal', { user: match.proposedBy?.displayName ?? t('system'), decision: proposed })}</p>
          {match.reviews.findLast((r) => r.action === 'Proposed')?.comment ? (
            <p className="mt-1 whitespace-pre-line" dir="auto">
              {t('proposalComment', { comment: match.reviews.findLast((r) => r.action === 'Proposed')!.comment! })}
            </p>
          ) : null}
        </div>
        {own ? (
          <p className="text-sm text-slate-700">{t('ownProposal')}</p>
        ) : (
          <form
            className="flex flex-col gap-3"
            aria-label={t('review')}
            onSubmit={(event) => {
              event.preventDefault();
              setConfirming(true);
            }}
          >
            {commentField(t('checkerComment'))}
            {canBlock ? (
              <fieldset className="flex flex-col gap-2 rounded-md border border-red-200 bg-red-50/50 p-3">
                <legend className="sr-only">{t('blockClient')}</legend>
                <label className="flex items-start gap-2 text-sm font-medium text-slate-900">
                  <input
                    type="checkbox"
                    checked={block}
                    onChange={(e) => setBlock(e.target.checked)}
                    disabled={busy}
                    className="mt-0.5 size-4 accent-red-700"
                    aria-describedby={`${id}-block-hint`}
                  />
                  {t('blockClient')}
                </label>
                <p id={`${id}-block-hint`} className="text-xs text-slate-700">
                  {t('blockClientHint')}
                </p>
                {block ? (
                  <>
                    <label htmlFor={`${id}-reason`} className="text-sm text-slate-800">
                      {t('blockReason')}
                    </label>
                    <Textarea
                      id={`${id}-reason`}
                      rows={2}
                      value={blockReason}
                      maxLength={5000}
                      onChange={(e) => setBlockReason(e.target.value)}
                      disabled={busy}
                    />
                    <label className="flex items-start gap-2 text-sm text-slate-800">
                      <input
                        type="checkbox"
                        checked={notify}
                        onChange={(e) => setNotify(e.target.checked)}
                        disabled={busy || !entity.email}
                        className="mt-0.5 size-4"
                      />
                      {t('notifyClient')}
                    </label>
                  </>
                ) : null}
              </fieldset>
            ) : null}
            {confirming ? (
              <div role="alertdialog" aria-labelledby={`${id}-confirm`} className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3">
                <p id={`${id}-confirm`} className="text-sm text-amber-950">
                  {block ? t('confirmApproveBlock', { decision: proposed }) : t('confirmApprove', { decision: proposed })}
                </p>
                <div className="flex gap-2">
                  <Button size="sm" variant={block ? 'danger' : 'primary'} autoFocus disabled={busy} onClick={() => approve.mutate()}>
                    {tc('confirm')}
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
                    {tc('cancel')}
                  </Button>
                </div>
              </div>
            ) : (
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={busy}>
                  {t('approve')}
                </Button>
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => {
                    if (!comment.trim()) return setError(t('rejectCommentRequired'));
                    setError(null);
                    reject.mutate();
                  }}
                >
                  {t('reject')}
                </Button>
              </div>
            )}
          </form>
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      {noticeLine}
      {match.decidedBy ? (
        <p className="text-sm text-slate-800">
          {t('decided', { decision: t(`matchStatus.${match.status}`), user: match.decidedBy.displayName ?? match.decidedBy.email })}
        </p>
      ) : null}
    </div>
  );
}
