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

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('users');
  return { title: t('title') };
}

/**
 * The tenant's users for administrators: state, last sign-in, open sessions, and the actions that
 * end sessions (sign out everywhere, deactivate). The fuller user administration builds on this.
 */
export default async function UsersPage() {
  const { tenantId, user: me } = await requireUser({ roles: ['admin'] });
  const locale = await getLocale();
  const t = await getTranslations();
  const users = await listTenantUsers({ tenantId });
  return (
    <>
      <PageHeader title={t('users.title')} description={t('users.description')} />
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
              <Td>{t(`roles.${user.role}`)}</Td>
              <Td>
                <span data-testid="user-status">
                  <Badge tone={user.deactivatedAt ? 'bad' : 'good'}>{user.deactivatedAt ? t('users.deactivated') : t('users.active')}</Badge>
                </span>
              </Td>
              <Td>{user.lastLoginAt ? formatDateTime(locale, formatTimestamp(user.lastLoginAt)) : t('users.never')}</Td>
              <Td data-testid="user-open-sessions">{user.openSessions}</Td>
              <Td>
                {user.id === me.id ? null : (
                  <div className="flex flex-wrap gap-3">
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
