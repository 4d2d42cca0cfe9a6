import type { ReactNode } from 'react';
import { ShieldCheck } from 'lucide-react';
import { getLocale, getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { findTenantChoice, listTenantChoices } from '@/lib/auth/tenants';
import { navItems } from '@/components/shell/nav-items';
import { NavLink } from '@/components/shell/nav-link';
import { NavDisclosure } from '@/components/shell/nav-disclosure';
import { LanguageSwitch } from '@/components/shell/language-switch';
import { SignOutButton } from '@/components/shell/sign-out-button';
import { TenantSwitcher } from '@/components/shell/tenant-switcher';

/** The authenticated shell: every page under (app) needs a session (roles are checked per page). */
export default async function AppLayout({ children }: { children: ReactNode }) {
  const session = await requireUser({ allowMfaPending: true });
  const locale = await getLocale();
  const t = await getTranslations();
  // Officers only ever see their own tenant's name; platform admins get the whole list to switch.
  const tenants = session.platformAdmin ? await listTenantChoices() : [await findTenantChoice(session.tenantId)].filter((x) => x !== null);
  const tenantName = (id: string) => {
    const tenant = tenants.find((x) => x.id === id);
    return tenant ? (locale === 'ar' ? (tenant.nameAr ?? tenant.nameEn) : tenant.nameEn) : '';
  };
  const items = navItems.filter((item) => item.roles.includes(session.user.role));

  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('shell.skipToContent')}
      </a>
      <aside className="bg-brand-800 text-white md:w-60 md:shrink-0">
        <NavDisclosure
          label={t('shell.menu')}
          brand={
            <div className="flex items-center gap-2">
              <ShieldCheck aria-hidden className="size-6" />
              <span className="font-semibold">{t('app.title')}</span>
            </div>
          }
        >
          <nav aria-label={t('shell.mainNavigation')} className="px-2 pb-4">
            <ul className="flex flex-col gap-1">
              {items.map(({ href, labelKey, icon: Icon }) => (
                <li key={href}>
                  <NavLink href={href}>
                    <Icon aria-hidden className="size-4" />
                    {t(labelKey)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </NavDisclosure>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 md:px-6">
          <div className="flex flex-wrap items-center gap-3 text-sm">
            {session.platformAdmin ? (
              <TenantSwitcher label={t('shell.tenant')} current={session.tenantId} tenants={tenants.map((x) => ({ id: x.id, label: tenantName(x.id) }))} />
            ) : (
              <span className="text-slate-700" data-testid="current-tenant">
                {t('shell.tenant')}: <span className="font-medium text-slate-900">{tenantName(session.tenantId)}</span>
              </span>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-sm text-slate-700" data-testid="current-user">
              {session.user.displayName} · {t(`roles.${session.user.role}`)}
            </span>
            <LanguageSwitch label={t('shell.otherLanguage')} />
            <SignOutButton label={t('shell.signOut')} />
          </div>
        </header>
        <main id="main" className="flex-1 px-4 py-6 md:px-6">
          {children}
        </main>
      </div>
    </div>
  );
}
