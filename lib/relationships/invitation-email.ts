import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { partyGender, type RelationshipTypeValue } from './relationship-schema';

export type InvitationLanguage = 'en' | 'ar';

/** Where the e-mail's single-use link goes: filled in by the sender at send time, never stored (EmailNotification.sealed). */
export const CONFIRM_URL_PLACEHOLDER = '{{confirmUrl}}';

const pick = (language: InvitationLanguage, nameEn: string | null, nameAr: string | null) =>
  (language === 'ar' ? (nameAr ?? nameEn) : (nameEn ?? nameAr)) ?? '';

function formatExpiry(date: Date, language: InvitationLanguage): string {
  const options = { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Riyadh' } as const;
  if (language === 'en') return `${new Intl.DateTimeFormat('en-GB', options).format(date)} (Riyadh time)`;
  return new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', options).format(date) + ' (بتوقيت الرياض)';
}

/**
 * Subject and plain-text body of the e-mail that asks a related party to confirm a relationship,
 * in one language. The link is the placeholder CONFIRM_URL_PLACEHOLDER.
 */
export function composeInvitationEmail(input: {
  language: InvitationLanguage;
  tenant: { nameEn: string; nameAr: string | null };
  source: { nameEn: string | null; nameAr: string | null };
  /** `gender` (individuals) chooses the Arabic greeting and agreement; without it the wording is neutral. */
  target: { nameEn: string | null; nameAr: string | null; gender?: 'Male' | 'Female' | null };
  type: RelationshipTypeValue;
  expiresAt: Date;
}): { subject: string; body: string } {
  const { language } = input;
  const messages = language === 'ar' ? ar : en;
  const t = createTranslator({ locale: language, messages, namespace: 'emails.relationshipInvite' });
  const phrase = createTranslator({ locale: language, messages, namespace: 'relationships.asPhrase' });
  const tenant = pick(language, input.tenant.nameEn, input.tenant.nameAr);
  const source = pick(language, input.source.nameEn, input.source.nameAr);
  const name = pick(language, input.target.nameEn, input.target.nameAr) || t('customer');
  const gender = partyGender(input.target);
  const lines = [
    t('greeting', { name, gender }),
    '',
    t('body', { tenant, source, gender, relationship: phrase(input.type, { gender }) }),
    '',
    CONFIRM_URL_PLACEHOLDER,
    '',
    t('expiry', { date: formatExpiry(input.expiresAt, language) }),
    t('ignore', { tenant }),
    '',
    t('signature', { tenant }),
  ];
  return { subject: t('subject', { tenant, source }), body: lines.join('\n') };
}
