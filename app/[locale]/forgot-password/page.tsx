import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { PublicCard } from '@/components/auth/public-card';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'passwordLinks' });
  return { title: t('forgotTitle'), robots: { index: false, follow: false } };
}

/** Public: ask for a password-reset link by e-mail (the same answer whether or not the address has an account). */
export default async function ForgotPasswordPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations();
  return (
    <PublicCard appTitle={t('app.title')} title={t('passwordLinks.forgotTitle')} otherLanguage={t('shell.otherLanguage')}>
      <ForgotPasswordForm />
      <p className="mt-4 text-sm">
        <a href={`/${locale}/sign-in`} className="text-brand-700 underline">
          {t('passwordLinks.toSignIn')}
        </a>
      </p>
    </PublicCard>
  );
}
