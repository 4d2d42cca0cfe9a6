import { SearchX } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { buttonClass } from '@/components/ui/button';

export default async function LocaleNotFound() {
  const t = await getTranslations('common');
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center" data-testid="page-not-found">
      <SearchX aria-hidden className="size-10 text-slate-500" />
      <h1 className="text-2xl font-semibold">{t('pageNotFoundTitle')}</h1>
      <p className="max-w-md text-slate-700">{t('pageNotFoundDescription')}</p>
      <Link href="/dashboard" className={buttonClass('secondary')}>
        {t('pageNotFoundBack')}
      </Link>
    </main>
  );
}
