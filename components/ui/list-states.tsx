'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { Button, buttonClass } from './button';
import { FetchError } from './fetch-json';
import { EmptyState, ErrorState } from './states';

/** A 400 of a list route: the address asks for a filter, sort order or page the API refuses, so a retry cannot help. */
export const isInvalidListAddress = (error: unknown): boolean => error instanceof FetchError && error.status === 400;

/**
 * A list that could not be loaded. For a 400 (an old bookmark, a hand-edited address) it says the
 * address is not valid and links to the list without filters (`resetHref`); anything else offers
 * a retry.
 */
export function ListErrorState({ error, resetHref, onRetry }: { error: unknown; resetHref: string; onRetry?: () => void }) {
  const t = useTranslations('common');
  if (isInvalidListAddress(error)) {
    return (
      <ErrorState
        title={t('invalidListAddressTitle')}
        description={t('invalidListAddressDescription')}
        action={
          <Link href={resetHref} className={buttonClass('secondary', 'sm')} data-testid="list-reset">
            {t('invalidListAddressReset')}
          </Link>
        }
      />
    );
  }
  return (
    <ErrorState
      title={t('errorTitle')}
      description={t('errorDescription')}
      action={
        onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            {t('retry')}
          </Button>
        ) : undefined
      }
    />
  );
}

/**
 * An empty page past the end of a list that has rows (`?page=999` from an old link): says so and
 * links to the first and the last page, instead of "nothing matches".
 */
export function PastLastPageState({
  page,
  totalPages,
  totalCount,
  pageHref,
}: {
  page: number;
  totalPages: number;
  totalCount: number;
  pageHref: (page: number) => string;
}) {
  const t = useTranslations('common');
  return (
    <EmptyState
      title={t('pastLastPageTitle', { page: String(page) })}
      description={t('pastLastPageDescription', { count: totalCount, pages: totalPages })}
      action={
        <div className="flex flex-wrap justify-center gap-2" data-testid="past-last-page">
          <Link href={pageHref(1)} className={buttonClass('secondary', 'sm')}>
            {t('firstPage')}
          </Link>
          {totalPages > 1 ? (
            <Link href={pageHref(totalPages)} className={buttonClass('secondary', 'sm')}>
              {t('lastPage', { page: String(totalPages) })}
            </Link>
          ) : null}
        </div>
      }
    />
  );
}

/** The page is past the end of a list that has rows (the API answers an empty page with the true total). */
export const isPastLastPage = (meta: { page: number; totalPages: number; totalCount: number }, rows: number): boolean =>
  rows === 0 && meta.totalCount > 0 && meta.page > meta.totalPages;
