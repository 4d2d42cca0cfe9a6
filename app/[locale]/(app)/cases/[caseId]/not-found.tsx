import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';

export default async function CaseNotFound() {
  const t = await getTranslations();
  return (
    <div data-testid="not-found">
      <EmptyState
        title={t('common.notFoundTitle')}
        description={t('common.notFoundDescription')}
        action={
          <Link href="/cases" className={buttonClass('secondary', 'sm')}>
            {t('cases.backToQueue')}
          </Link>
        }
      />
    </div>
  );
}
