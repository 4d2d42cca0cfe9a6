import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { getLocale, getTimeZone, getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { listTenantUsers } from '@/lib/tenancy/users';
import { formatTimestamp } from '@/lib/core/format';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/components/ui/dates';
import { PageHeader } from '@/components/ui/page-header';
import { PostAction } from '@/components/ui/post-action';
import { Td, Th } from '@/components/ui/table';
import { Card } from '@/components/ui/card';
import { InviteUserForm, RoleSelect } from '@/components/admin/users-admin';
import { Link } from '@/lib/i18n/navigation';
import { getTenantMfaRequired } from '@/lib/tenancy/mfa';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('users');
  return { title: t('title') };
}

/**
 * The tenant's users for administrators: invite by e-mail with a role, change roles, send a
 * password-reset link, reset a lost second factor, the tenant's two-step sign-in policy (shown, with a
 * link to tenant settings where it is changed), and the actions that end sessions (sign out everywhere, deactivate).
 */
/** A table cell from 768 px; on a phone a block line with its column name in front. */
function Cell({ label, children, ...props }: { label: string; children: ReactNode; 'data-testid'?: string }) {
  return (
    <Td className="block py-1 md:table-cell md:py-2" {...props}>
      <span className="me-1 text-xs font-semibold text-slate-600 uppercase md:hidden">{label}</span>
      {children}
    </Td>
  );
}

export default async function UsersPage() {
  const { tenantId, user: me } = await requireUser({ roles: ['admin'] });
  const locale = await getLocale();
  const timeZone = await getTimeZone();
  const t = await getTranslations();
  const users = await listTenantUsers({ tenantId });
  const mfaRequired = await getTenantMfaRequired({ tenantId });
  return (
    <>
      <PageHeader title={t('users.title')} description={t('users.description')} />
      <div className="mb-4 grid gap-4">
        <Card title={t('users.inviteTitle')} id="invite">
          <InviteUserForm />
        </Card>
        {/* The policy is a tenant setting: shown here, changed on the settings page with the others. */}
        <Card title={t('users.mfaTitle')} id="mfa-policy">
          <p className="text-sm text-slate-800" data-testid="mfa-policy-status" data-required={mfaRequired ? 'true' : 'false'}>
            {mfaRequired ? t('users.mfaPolicyEveryone') : t('users.mfaPolicyAdmins')}
          </p>
          <Link href="/admin/settings#security" className="mt-2 inline-block text-sm font-medium text-brand-700 underline underline-offset-2">
            {t('users.mfaPolicyChange')}
          </Link>
        </Card>
      </div>
      {/* A table from 768 px; below, each user is a stacked card with the column names as labels. */}
      <div className="rounded-lg border border-slate-200 bg-white" role="region" aria-label={t('users.caption')}>
        <table className="block w-full text-sm md:table md:divide-y md:divide-slate-200">
          <caption className="sr-only">{t('users.caption')}</caption>
          <thead className="hidden md:table-header-group">
            <tr>
              <Th>{t('users.name')}</Th>
              <Th>{t('users.email')}</Th>
              <Th>{t('users.role')}</Th>
              <Th>{t('users.status')}</Th>
              <Th>{t('users.lastSignIn')}</Th>
              <Th>{t('users.openSessions')}</Th>
              <Th>{t('users.actions')}</Th>
            </tr>
          </thead>
          <tbody className="block divide-y divide-slate-100 md:table-row-group">
            {users.map((user) => (
              <tr key={user.id} data-testid={`user-${user.email}`} className="block py-2 md:table-row md:py-0">
                <Cell label={t('users.name')}>
                  <bdi>{user.displayName}</bdi>
                  {user.id === me.id ? <span className="ms-1 text-slate-600">({t('users.you')})</span> : null}
                </Cell>
                <Cell label={t('users.email')}>
                  <span dir="ltr">{user.email}</span>
                </Cell>
                <Cell label={t('users.role')}>
                  {user.id === me.id ? (
                    t(`roles.${user.role}`)
                  ) : (
                    <RoleSelect userId={user.id} role={user.role} label={t('users.roleOf', { name: user.displayName })} />
                  )}
                </Cell>
                <Cell label={t('users.status')}>
                  <span data-testid="user-status" className="flex flex-wrap gap-1">
                    {user.deactivatedAt ? (
                      <Badge tone="bad">{t('users.deactivated')}</Badge>
                    ) : user.invited ? (
                      <Badge tone="warn">{t('users.invitedStatus')}</Badge>
                    ) : (
                      <Badge tone="good">{t('users.active')}</Badge>
                    )}
                    <Badge tone={user.mfaEnabled ? 'info' : 'neutral'}>{user.mfaEnabled ? t('users.mfaOn') : t('users.mfaOff')}</Badge>
                  </span>
                </Cell>
                <Cell label={t('users.lastSignIn')}>
                  {user.lastLoginAt ? formatDateTime(locale, formatTimestamp(user.lastLoginAt), timeZone) : t('users.never')}
                </Cell>
                <Cell label={t('users.openSessions')} data-testid="user-open-sessions">
                  {user.openSessions}
                </Cell>
                <Cell label={t('users.actions')}>
                  {user.id === me.id ? null : (
                    <div className="flex flex-wrap gap-3">
                      {user.deactivatedAt ? null : (
                        <PostAction
                          url={`/services/crm/users/${user.id}/password-reset`}
                          label={user.invited ? t('users.resendInvite') : t('users.sendReset')}
                          doneKey="users.linkSent"
                          failedKey="account.failed"
                          testId="password-reset"
                        />
                      )}
                      {user.mfaEnabled ? (
                        <PostAction
                          url={`/services/crm/users/${user.id}/mfa-reset`}
                          label={t('users.resetMfa')}
                          doneKey="users.mfaResetDone"
                          failedKey="account.failed"
                          testId="mfa-reset"
                        />
                      ) : null}
                      <PostAction
                        url={`/services/crm/users/${user.id}/sign-out-everywhere`}
                        label={t('users.signOutEverywhere')}
                        doneKey="users.signedOut"
                        failedKey="account.failed"
                        testId="sign-out-everywhere"
                      />
                      {user.deactivatedAt ? (
                        <PostAction
                          url={`/services/crm/users/${user.id}/reactivate`}
                          label={t('users.reactivate')}
                          doneKey="users.reactivatedDone"
                          failedKey="account.failed"
                          testId="reactivate"
                        />
                      ) : (
                        <PostAction
                          url={`/services/crm/users/${user.id}/deactivate`}
                          label={t('users.deactivate')}
                          doneKey="users.deactivatedDone"
                          failedKey="account.failed"
                          testId="deactivate"
                          variant="danger"
                        />
                      )}
                    </div>
                  )}
                </Cell>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
