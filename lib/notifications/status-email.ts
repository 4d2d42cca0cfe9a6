import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';

export type EmailLanguage = 'en' | 'ar';

export interface StatusEmailInput {
  language: EmailLanguage;
  tenant: { nameEn: string; nameAr: string | null };
  entity: { nameEn: string | null; nameAr: string | null };
  previousStatus: string;
  status: string;
  reason?: string | null;
  changedAt: Date;
}

/** Gregorian long date in Riyadh time; Arabic adds the Umm al-Qura date, as the officer UI does. */
function formatChangeDate(date: Date, language: EmailLanguage): string {
  const options = { dateStyle: 'long', timeZone: 'Asia/Riyadh' } as const;
  if (language === 'en') return new Intl.DateTimeFormat('en-GB', options).format(date);
  const gregorian = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', options).format(date);
  const hijri = new Intl.DateTimeFormat('ar-SA-u-ca-islamic-umalqura-nu-latn', options).format(date);
  return `${gregorian} (${hijri})`;
}

/** Subject and plain-text body of the e-mail telling a client that its status changed, in one language. */
export function composeStatusEmail(input: StatusEmailInput): { subject: string; body: string } {
  const { language } = input;
  const t = createTranslator({ locale: language, messages: language === 'ar' ? ar : en, namespace: 'emails.statusChange' });
  const statusName = createTranslator({ locale: language, messages: language === 'ar' ? ar : en, namespace: 'enums.status' });
  const tenant = language === 'ar' ? (input.tenant.nameAr ?? input.tenant.nameEn) : input.tenant.nameEn;
  const name = (language === 'ar' ? (input.entity.nameAr ?? input.entity.nameEn) : (input.entity.nameEn ?? input.entity.nameAr)) ?? t('customer');
  const status = statusName(input.status as 'Active');
  const previous = statusName(input.previousStatus as 'Active');
  const lines = [
    t('greeting', { name }),
    '',
    t('body', { tenant, previous, status, date: formatChangeDate(input.changedAt, language) }),
    ...(input.reason ? [t('reason', { reason: input.reason })] : []),
    '',
    t('closing', { tenant }),
    '',
    t('signature', { tenant }),
  ];
  return { subject: t('subject', { tenant, status }), body: lines.join('\n') };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The HTML part: the same text, escaped, with the language's direction (Arabic is right-to-left).
 * A line that is exactly one of `links` becomes a link (left-to-right inside Arabic text).
 */
export function emailHtml(body: string, language: EmailLanguage, links: string[] = []): string {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const line = (text: string) => (links.includes(text) ? `<a href="${escapeHtml(text)}" dir="ltr">${escapeHtml(text)}</a>` : escapeHtml(text));
  const paragraphs = body.split('\n\n').map((p) => `<p>${p.split('\n').map(line).join('<br>')}</p>`);
  return `<!doctype html><html lang="${language}" dir="${dir}"><body style="font-family: 'Noto Sans Arabic', Arial, sans-serif; text-align: start">${paragraphs.join('')}</body></html>`;
}
