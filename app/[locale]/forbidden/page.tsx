import { ShieldAlert } from 'lucide-react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { buttonClass } from '@/components/ui/button';

export default async function ForbiddenPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
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
