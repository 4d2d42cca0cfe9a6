import { TriangleAlert } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import type { CoverageGaps } from '@/lib/screening/schemas';

/**
 * A warning where officers start their day: a "Clear" screening result means nothing against a list
 * that was never imported, and little against one weeks old. Nothing is shown when the shared lists
 * are loaded and current.
 */
export async function WatchlistCoverageNotice({ gaps: { never, stale }, locale }: { gaps: CoverageGaps; locale: string }) {
  if (!never.length && !stale.length) return null;
  const t = await getTranslations('watchlists');
  const ts = await getTranslations('cases.sources');
  const names = new Intl.ListFormat(locale, { type: 'conjunction' });
  return (
    <section
      aria-labelledby="coverage-title"
      data-testid="watchlist-coverage"
      className="mb-4 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="flex flex-col gap-1">
        <h2 id="coverage-title" className="font-semibold">
          {t('coverageTitle')}
        </h2>
        {never.length ? <p>{t('coverageNever', { lists: names.format(never.map((source) => ts(source))), count: never.length })}</p> : null}
        {stale.map(({ source, days }) => (
          <p key={source}>
            {ts(source)}: {t('stale', { days })}
          </p>
        ))}
        <Link href="/screening/lists" className="font-medium underline underline-offset-2">
          {t('coverageLink')}
        </Link>
      </div>
    </section>
  );
}
