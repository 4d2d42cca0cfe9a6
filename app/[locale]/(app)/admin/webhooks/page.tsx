import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { getWebhookOverview, listWebhookDeliveries } from '@/lib/webhooks/admin-queries';
import { EVENT_TYPES } from '@/lib/webhooks/events';
import { PageHeader } from '@/components/ui/page-header';
import { WebhookOverviewCards } from '@/components/webhooks/overview';
import { DeliveryLog } from '@/components/webhooks/delivery-log';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('webhooks');
  return { title: t('title') };
}

export default async function WebhooksPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  const { tenantId } = await requireUser({ roles: ['admin'] });
  const locale = await getLocale();
  const t = await getTranslations('webhooks');
  const requested = Number((await searchParams).page ?? 1);
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const [overview, deliveries] = await Promise.all([getWebhookOverview({ tenantId }), listWebhookDeliveries({ tenantId, page })]);
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="flex flex-col gap-6">
        <WebhookOverviewCards overview={overview} eventTypes={EVENT_TYPES} locale={locale} />
        <DeliveryLog rows={deliveries.rows} page={page} totalPages={deliveries.totalPages} locale={locale} />
      </div>
    </>
  );
}
