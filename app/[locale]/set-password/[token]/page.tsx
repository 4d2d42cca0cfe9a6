import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getUserLink } from '@/lib/tenancy/user-links';
import { PublicCard } from '@/components/auth/public-card';
import { SetPasswordForm } from '@/components/auth/set-password-form';

// Public: reached from an e-mailed invitation or password-reset link, without signing in. The token
// in the path is the credential: the page sends no Referer, is never indexed, and is rendered per
// request; the form sends the token in a POST body.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'passwordLinks' });
  return { title: t('setTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

export default async function SetPasswordPage({ params }: { params: Promise<{ locale: string; token: string }> }) {
  const { locale, token } = await params;
  setRequestLocale(locale);
  const t = await getTranslations();
  const link = await getUserLink({ token });
  const tenantName = link.tenant ? (locale === 'ar' ? (link.tenant.nameAr ?? link.tenant.nameEn) : link.tenant.nameEn) : '';
  const title = link.kind === 'invite' ? t('passwordLinks.inviteTitle') : t('passwordLinks.setTitle');
  return (
    <PublicCard appTitle={t('app.title')} title={title} otherLanguage={t('shell.otherLanguage')}>
      {link.state === 'valid' && link.kind ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700" data-testid="set-password-for">
            {link.kind === 'invite' ? t('passwordLinks.inviteIntro', { tenant: tenantName }) : t('passwordLinks.resetIntro', { tenant: tenantName })}{' '}
            <span dir="ltr" className="font-medium">
              {link.email}
            </span>
          </p>
          <SetPasswordForm token={token} kind={link.kind} />
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <p role="alert" data-testid="set-password-state" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {link.state === 'expired' ? t('passwordLinks.expired') : link.state === 'used' ? t('passwordLinks.used') : t('passwordLinks.invalid')}
          </p>
          <a href={`/${locale}/forgot-password`} className="text-sm text-brand-700 underline">
            {t('passwordLinks.askAgain')}
          </a>
        </div>
      )}
    </PublicCard>
  );
}
