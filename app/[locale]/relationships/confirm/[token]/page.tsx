import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { ShieldCheck } from 'lucide-react';
import { getInvitationByToken } from '@/lib/relationships/decide-relationship';
import { ConfirmationCard } from '@/components/relationships/confirmation-card';

// Public: reached from the e-mailed link, without signing in (outside the (app) group, whose layout
// requires a session; proxy.ts only adds the locale). The token in the path is the credential: the
// page sends no Referer, is never indexed, and is rendered per request.
export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('relationships.confirm');
  return { title: t('pageTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

export default async function RelationshipConfirmationPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await params;
  const { result } = await searchParams;
  const locale = await getLocale();
  const t = await getTranslations();
  const invitation = await getInvitationByToken({ token });
  const other = locale === 'ar' ? 'en' : 'ar';
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between gap-3 bg-brand-800 px-4 py-3 text-white">
        <span className="flex items-center gap-2 font-semibold">
          <ShieldCheck aria-hidden className="size-6" />
          {t('app.title')}
        </span>
        <a
          href={`/${other}/relationships/confirm/${encodeURIComponent(token)}`}
          lang={other}
          className="rounded px-2 py-1 text-sm underline underline-offset-2"
        >
          {t('shell.otherLanguage')}
        </a>
      </header>
      <main id="main" className="mx-auto flex w-full max-w-2xl flex-1 flex-col px-4 py-8">
        <ConfirmationCard
          locale={locale}
          token={token}
          result={typeof result === 'string' ? result : undefined}
          invitation={
            invitation && {
              state: invitation.state,
              tenant: invitation.tenant,
              source: invitation.source,
              target: invitation.target,
              type: invitation.relationship.type,
              subType: invitation.relationship.subType,
              approvalStatus: invitation.relationship.approvalStatus,
              ownershipPercent: invitation.relationship.ownershipPercent,
              validFrom: invitation.relationship.validFrom?.toISOString() ?? null,
              validTo: invitation.relationship.validTo?.toISOString() ?? null,
              expiresAt: invitation.expiresAt.toISOString(),
            }
          }
        />
      </main>
    </div>
  );
}
