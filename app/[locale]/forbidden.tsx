import { ShieldAlert } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { buttonClass } from '@/components/ui/button';

/** The forbidden screen, answered with HTTP 403 wherever forbidden() is called under a locale. */
export default async function LocaleForbidden() {
  const t = await getTranslations('forbidden');
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center" data-testid="forbidden">
      <ShieldAlert aria-hidden className="size-10 text-red-700" />
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="max-w-md text-slate-700">{t('description')}</p>
      <Link href="/dashboard" className={buttonClass('secondary')}>
        {t('back')}
      </Link>
    </main>
  );
}
