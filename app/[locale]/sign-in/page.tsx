import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getSessionUser } from '@/lib/auth/session';
import { SignInForm } from '@/components/auth/sign-in-form';
import { LanguageSwitch } from '@/components/shell/language-switch';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'auth' });
  return { title: t('title') };
}

export default async function SignInPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: Promise<{ callbackUrl?: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  if (await getSessionUser()) redirect(`/${locale}/dashboard`);
  const { callbackUrl } = await searchParams;
  // Only same-site paths: an open redirect after sign-in would be a phishing aid.
  const next = callbackUrl && /^\/(en|ar)\//.test(callbackUrl) ? callbackUrl : `/${locale}/dashboard`;
  const t = await getTranslations('auth');
  const tApp = await getTranslations('app');
  const tShell = await getTranslations('shell');
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-4 flex justify-end">
          <LanguageSwitch label={tShell('otherLanguage')} />
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-sm font-medium text-brand-700">{tApp('title')}</p>
          <h1 className="mt-1 mb-6 text-2xl font-semibold">{t('title')}</h1>
          <SignInForm next={next} />
        </div>
      </div>
    </main>
  );
}
