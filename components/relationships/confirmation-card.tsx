import { getTranslations } from 'next-intl/server';
import { CheckCircle2, CircleAlert, XCircle } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { buttonClass } from '@/components/ui/button';
import { DateTimeText, DateText } from '@/components/ui/dates';
import { DefinitionGrid } from '@/components/entities/definition-grid';
import { partyGender } from '@/lib/relationships/schemas';
import { partyName } from './relationship-types';

export interface ConfirmationView {
  state: 'open' | 'used' | 'expired' | 'revoked' | 'closed';
  tenant: { nameEn: string; nameAr: string | null };
  source: { nameEn: string | null; nameAr: string | null };
  target: { nameEn: string | null; nameAr: string | null; gender?: 'Male' | 'Female' | null };
  type: string;
  subType: string | null;
  approvalStatus: string;
  ownershipPercent: string | null;
  validFrom: string | null;
  validTo: string | null;
  expiresAt: string;
}

/**
 * The related party's page: who asks, for which relationship, and Approve / Reject as a plain HTML
 * form posted to the public route (works without JavaScript; the route answers 303 back here).
 * A used, expired, replaced or unknown link gets its own clear message and no buttons.
 */
export async function ConfirmationCard({
  locale,
  token,
  result,
  invitation,
}: {
  locale: string;
  token: string;
  result?: string;
  invitation: ConfirmationView | null;
}) {
  const t = await getTranslations('relationships');
  if (!invitation) return <Outcome tone="bad" title={t('confirm.invalidTitle')} text={t('confirm.invalidText')} />;
  const tenant = partyName(locale, invitation.tenant);
  const status = t(`approvalStatus.${invitation.approvalStatus}`);
  if (result === 'approved' && invitation.approvalStatus === 'Approved')
    return <Outcome tone="good" title={t('confirm.approvedTitle')} text={t('confirm.approvedText', { tenant })} />;
  if (result === 'rejected' && invitation.approvalStatus === 'Rejected')
    return <Outcome tone="good" title={t('confirm.rejectedTitle')} text={t('confirm.rejectedText', { tenant })} />;
  if (invitation.state === 'used') return <Outcome tone="info" title={t('confirm.usedTitle')} text={t('confirm.usedText', { status })} />;
  if (invitation.state === 'expired') return <Outcome tone="bad" title={t('confirm.expiredTitle')} text={t('confirm.expiredText', { tenant })} />;
  if (invitation.state === 'revoked') return <Outcome tone="bad" title={t('confirm.revokedTitle')} text={t('confirm.revokedText', { tenant })} />;
  if (invitation.state === 'closed') return <Outcome tone="info" title={t('confirm.closedTitle')} text={t('confirm.closedText', { status })} />;

  const relationship = t(`type.${invitation.type}`) + (invitation.subType ? ` (${t(`subType.${invitation.subType}`)})` : '');
  return (
    <Card>
      <div className="flex flex-col gap-4" data-testid="confirmation-open">
        <h1 className="text-xl font-semibold text-slate-900">{t('confirm.title')}</h1>
        {result === 'error' ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-800">
            {t('confirm.errorText', { tenant })}
          </p>
        ) : null}
        <p className="text-slate-800">{t('confirm.intro', { tenant })}</p>
        <p className="text-lg font-medium text-slate-900" data-testid="confirmation-statement">
          {t('confirm.statement', {
            target: partyName(locale, invitation.target),
            source: partyName(locale, invitation.source),
            gender: partyGender(invitation.target),
            relationship: t(`asPhrase.${invitation.type}`, { gender: partyGender(invitation.target) }),
          })}
        </p>
        <DefinitionGrid
          rows={[
            [t('confirm.relationship'), relationship],
            ...(invitation.ownershipPercent ? ([[t('confirm.ownership'), `${invitation.ownershipPercent}%`]] as [string, string][]) : []),
            ...(invitation.validFrom || invitation.validTo
              ? ([
                  [
                    t('confirm.validity'),
                    <span key="validity" className="inline-flex flex-wrap gap-x-2">
                      {invitation.validFrom ? <DateText locale={locale} value={invitation.validFrom} /> : null}
                      {invitation.validTo ? (
                        <>
                          <span aria-hidden>–</span>
                          <DateText locale={locale} value={invitation.validTo} />
                        </>
                      ) : null}
                    </span>,
                  ],
                ] as [string, React.ReactNode][])
              : []),
            [t('confirm.expires'), <DateTimeText key="expires" locale={locale} value={invitation.expiresAt} />],
          ]}
        />
        <form method="post" action="/services/crm/relationship-confirmations" className="flex flex-col gap-3">
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="locale" value={locale} />
          <div className="flex flex-col gap-1">
            <label htmlFor="reason" className="text-sm font-medium text-slate-800">
              {t('confirm.comment')}
            </label>
            <textarea
              id="reason"
              name="reason"
              rows={3}
              maxLength={2000}
              aria-describedby="reason-hint"
              className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600"
            />
            <p id="reason-hint" className="text-xs text-slate-600">
              {t('confirm.commentHint', { tenant })}
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="decision" value="Approve" className={buttonClass('primary')}>
              {t('confirm.approve')}
            </button>
            <button type="submit" name="decision" value="Reject" className={buttonClass('danger')}>
              {t('confirm.reject')}
            </button>
          </div>
          <p className="text-xs text-slate-600">{t('confirm.legal', { tenant })}</p>
        </form>
      </div>
    </Card>
  );
}

function Outcome({ tone, title, text }: { tone: 'good' | 'bad' | 'info'; title: string; text: string }) {
  const Icon = tone === 'good' ? CheckCircle2 : tone === 'bad' ? XCircle : CircleAlert;
  const color = tone === 'good' ? 'text-emerald-700' : tone === 'bad' ? 'text-red-700' : 'text-sky-700';
  return (
    <Card>
      <div className="flex items-start gap-3" data-testid="confirmation-outcome" role="status">
        <Icon aria-hidden className={`size-8 shrink-0 ${color}`} />
        <div>
          <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
          <p className="mt-1 text-slate-700">{text}</p>
        </div>
      </div>
    </Card>
  );
}
