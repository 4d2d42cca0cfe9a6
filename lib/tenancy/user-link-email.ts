import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';

export type UserLinkLanguage = 'en' | 'ar';

/** Where the e-mail's single-use link goes: filled in by the sender at send time, never stored. */
export const USER_LINK_URL_PLACEHOLDER = '{{linkUrl}}';

function formatExpiry(date: Date, language: UserLinkLanguage): string {
  const options = { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Riyadh' } as const;
  if (language === 'en') return `${new Intl.DateTimeFormat('en-GB', options).format(date)} (Riyadh time)`;
  return new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', options).format(date) + ' (بتوقيت الرياض)';
}

/** Subject and plain-text body of an invitation or a password-reset e-mail, in one language. */
export function composeUserLinkEmail(input: {
  kind: 'invite' | 'reset';
  language: UserLinkLanguage;
  tenant: { nameEn: string; nameAr: string | null };
  name: string;
  expiresAt: Date;
}): { subject: string; body: string } {
  const { language } = input;
  const t = createTranslator({
    locale: language,
    messages: language === 'ar' ? ar : en,
    namespace: input.kind === 'invite' ? 'emails.userInvite' : 'emails.passwordReset',
  });
  const tenant = (language === 'ar' ? (input.tenant.nameAr ?? input.tenant.nameEn) : input.tenant.nameEn) ?? '';
  const lines = [
    t('greeting', { name: input.name }),
    '',
    t('body', { tenant }),
    '',
    USER_LINK_URL_PLACEHOLDER,
    '',
    t('expiry', { date: formatExpiry(input.expiresAt, language) }),
    t('ignore'),
    '',
    t('signature', { tenant }),
  ];
  return { subject: t('subject', { tenant }), body: lines.join('\n') };
}
