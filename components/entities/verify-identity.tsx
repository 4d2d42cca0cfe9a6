'use client';

import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { Field, Textarea } from '@/components/ui/field';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';

/**
 * Verify or reject a Pending identity (PATCH …/identities/{id}/verification). Rejecting asks for a
 * reason (the server requires it too); both ask for a confirmation naming the identity number.
 */
export function VerifyIdentity({ entityId, identityId, number }: { entityId: string; identityId: string; number: string }) {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const [decision, setDecision] = useState<'Verified' | 'Rejected' | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (status: 'Verified' | 'Rejected') =>
      fetchJson(`/services/crm/entities/${entityId}/identities/${identityId}/verification`, {
        method: 'PATCH',
        body: JSON.stringify({ status, reason: reason.trim() || undefined }),
      }),
    onSuccess: () => {
      setDecision(null);
      router.refresh();
    },
    onError: (e) => setError(e instanceof FetchError ? e.messageIn(locale) : t('common.errorDescription')),
  });
  const reasonId = `reject-reason-${identityId}`;

  if (!decision) {
    return (
      <div className="mt-2 flex flex-wrap gap-2" data-testid={`verify-${identityId}`}>
        <Button size="sm" onClick={() => setDecision('Verified')}>
          {t('profile.verify')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setDecision('Rejected')}>
          {t('profile.reject')}
        </Button>
      </div>
    );
  }
  return (
    <form
      role="alertdialog"
      aria-labelledby={`confirm-${identityId}`}
      className="mt-2 flex max-w-sm flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        if (decision === 'Rejected' && !reason.trim()) {
          setError(t('profile.rejectReasonRequired'));
          return;
        }
        mutation.mutate(decision);
      }}
    >
      <p id={`confirm-${identityId}`} className="text-sm text-amber-950">
        {t(decision === 'Verified' ? 'profile.confirmVerify' : 'profile.confirmReject', { number: `\u2068${number}\u2069` })}
      </p>
      {decision === 'Rejected' ? (
        <Field label={t('profile.rejectReason')} htmlFor={reasonId}>
          <Textarea id={reasonId} rows={2} maxLength={2000} value={reason} onChange={(event) => setReason(event.target.value)} autoFocus />
        </Field>
      ) : null}
      <div className="flex gap-2">
        <Button
          size="sm"
          type="submit"
          variant={decision === 'Rejected' ? 'danger' : 'primary'}
          disabled={mutation.isPending}
          autoFocus={decision === 'Verified'}
        >
          {t('common.confirm')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setDecision(null)}>
          {t('common.cancel')}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
