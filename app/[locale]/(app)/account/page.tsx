import type { Metadata } from 'next';
import { getLocale, getTranslations, getTimeZone } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { listOpenUserSessions, sessionLimits } from '@/lib/tenancy/user-sessions';
import { formatTimestamp } from '@/lib/core/format';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/components/ui/dates';
import { PageHeader } from '@/components/ui/page-header';
import { PostAction } from '@/components/ui/post-action';
import { Table, Td, Th } from '@/components/ui/table';
import { Badge } from '@/components/ui/badge';
import { ChangePasswordForm } from '@/components/account/change-password-form';
import { MfaSettings } from '@/components/account/mfa-settings';
import { getMfaStatus } from '@/lib/tenancy/mfa';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account');
  return { title: t('title') };
}

/**
 * Every signed-in user's own account: two-step sign-in, open sessions (sign out of the others) and
 * password change. A user who must enrol in two-step sign-in is sent here before anything else.
 */
export default async function AccountPage() {
  const { user, sessionId, mfaPending } = await requireUser({ allowMfaPending: true });
  const mfa = await getMfaStatus({ userId: user.id });
  const tMfa = await getTranslations('mfa');
  const locale = await getLocale();
  const t = await getTranslations('account');
  const sessions = await listOpenUserSessions({ userId: user.id });
  const { idleMs, maxMs } = sessionLimits();
  const timeZone = await getTimeZone();
  const when = (date: Date) => formatDateTime(locale, formatTimestamp(date), timeZone);
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {mfaPending ? (
        <p role="alert" data-testid="mfa-required" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {tMfa('mustEnrol')}
        </p>
      ) : null}
      <div className="grid gap-4 xl:grid-cols-2">
        <Card title={tMfa('title')} id="mfa">
          <MfaSettings status={mfa} />
        </Card>
        <Card title={t('sessionsTitle')} id="sessions">
          <p className="mb-3 text-sm text-slate-600">{t('sessionLimits', { idle: Math.round(idleMs / 60_000), max: Math.round(maxMs / 3_600_000) })}</p>
          <Table caption={t('sessionsTitle')}>
            <thead>
              <tr>
                <Th>{t('started')}</Th>
                <Th>{t('lastSeen')}</Th>
                <Th>{t('address')}</Th>
                <Th>{t('browser')}</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100" data-testid="open-sessions">
              {sessions.map((session) => (
                <tr key={session.id} data-current={session.id === sessionId ? 'true' : undefined}>
                  <Td label={t('started')}>
                    {when(session.createdAt)}
                    {session.id === sessionId ? (
                      <span className="ms-2">
                        <Badge tone="info">{t('thisBrowser')}</Badge>
                      </span>
                    ) : null}
                  </Td>
                  <Td label={t('lastSeen')}>{when(session.lastSeenAt)}</Td>
                  <Td label={t('address')}>
                    <span dir="ltr">{session.ip ?? t('unknown')}</span>
                  </Td>
                  <Td className="break-words md:max-w-xs" label={t('browser')}>
                    <span dir="ltr" className="text-xs">
                      {session.userAgent ?? t('unknown')}
                    </span>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
          <div className="mt-4">
            <PostAction
              url="/services/crm/account/sign-out-others"
              label={t('signOutOthers')}
              doneKey="account.signedOutOthers"
              failedKey="account.failed"
              testId="sign-out-others"
            />
          </div>
        </Card>
        <Card title={t('passwordTitle')} id="password">
          <ChangePasswordForm />
        </Card>
      </div>
    </>
  );
}
