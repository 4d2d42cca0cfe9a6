import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { getWatchlistStatus } from '@/lib/screening/list-status';
import { PageHeader } from '@/components/ui/page-header';
import { WatchlistStatusCard } from '@/components/screening/watchlist-status';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('watchlists');
  return { title: t('title') };
}

export default async function WatchlistsPage() {
  const { tenantId } = await requireUser({ roles: ['admin', 'officer'] });
  const locale = await getLocale();
  const t = await getTranslations('watchlists');
  const { data } = await getWatchlistStatus({ tenantId });
  const now = new Date();
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="flex flex-col gap-4">
        {data.map((list) => (
          <WatchlistStatusCard key={list.source} list={list} locale={locale} now={now} />
        ))}
      </div>
    </>
  );
}
