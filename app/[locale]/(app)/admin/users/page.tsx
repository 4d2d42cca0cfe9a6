import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { listTenantUsers } from '@/lib/tenancy/users';
import { formatTimestamp } from '@/lib/core/format';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/components/ui/dates';
import { PageHeader } from '@/components/ui/page-header';
import { PostAction } from '@/components/ui/post-action';
import { Table, Td, Th } from '@/components/ui/table';
import { Card } from '@/components/ui/card';
import { InviteUserForm, MfaPolicyToggle, RoleSelect } from '@/components/admin/users-admin';
import { getTenantMfaRequired } from '@/lib/tenancy/mfa';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('users');
  return { title: t('title') };
}

/**
 * The tenant's users for administrators: invite by e-mail with a role, change roles, send a
 * password-reset link, reset a lost second factor, the tenant's two-step sign-in policy, and the
 * actions that end sessions (sign out everywhere, deactivate).
 */
export default async function UsersPage() {
  const { tenantId, user: me } = await requireUser({ roles: ['admin'] });
  const locale = await getLocale();
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
        <Card title={t('users.mfaTitle')} id="mfa-policy">
          <MfaPolicyToggle required={mfaRequired} />
        </Card>
      </div>
      <Table caption={t('users.caption')}>
        <thead>
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
        <tbody className="divide-y divide-slate-100">
          {users.map((user) => (
            <tr key={user.id} data-testid={`user-${user.email}`}>
              <Td>
                <bdi>{user.displayName}</bdi>
                {user.id === me.id ? <span className="ms-1 text-slate-600">({t('users.you')})</span> : null}
              </Td>
              <Td>
                <span dir="ltr">{user.email}</span>
              </Td>
              <Td>
                {user.id === me.id ? (
                  t(`roles.${user.role}`)
                ) : (
                  <RoleSelect userId={user.id} role={user.role} label={t('users.roleOf', { name: user.displayName })} />
                )}
              </Td>
              <Td>
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
              </Td>
              <Td>{user.lastLoginAt ? formatDateTime(locale, formatTimestamp(user.lastLoginAt)) : t('users.never')}</Td>
              <Td data-testid="user-open-sessions">{user.openSessions}</Td>
              <Td>
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
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
