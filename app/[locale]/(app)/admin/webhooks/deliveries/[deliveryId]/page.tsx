import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { getWebhookDelivery } from '@/lib/webhooks/admin-queries';
import { Link } from '@/lib/i18n/navigation';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { WebhookBadge } from '@/components/webhooks/status-badge';
import { DeliveryTries } from '@/components/webhooks/delivery-tries';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('webhooks');
  return { title: t('deliveries') };
}

export default async function WebhookDeliveryPage({ params }: { params: Promise<{ deliveryId: string }> }) {
  const { tenantId } = await requireUser({ roles: ['admin'] });
  const locale = await getLocale();
  const t = await getTranslations('webhooks');
  // Another tenant's delivery id finds nothing here: the query is scoped to the session's tenant.
  const delivery = await getWebhookDelivery({ tenantId, deliveryId: (await params).deliveryId });
  if (!delivery) notFound();
  return (
    <>
      <PageHeader
        title={t('deliveryTitle', { eventId: delivery.eventId })}
        actions={
          <Link href="/admin/webhooks" className={buttonClass('secondary', 'sm')}>
            {t('backToWebhooks')}
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        <Card title={t('event')} id="delivery-event">
          <div className="mb-3 flex flex-wrap items-center gap-3 text-sm">
            <span dir="ltr">{delivery.eventType}</span>
            <WebhookBadge value={delivery.state} label={t(`states.${delivery.state}` as 'states.queued')} />
          </div>
          <pre dir="ltr" className="overflow-x-auto rounded bg-slate-50 p-2 text-start text-xs whitespace-pre-wrap break-all">
            {delivery.body}
          </pre>
        </Card>
        <DeliveryTries tries={delivery.tries} locale={locale} />
      </div>
    </>
  );
}
