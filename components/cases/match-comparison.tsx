'use client';

import type { ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { countryName } from '@/components/ui/countries';
import { DateText, HijriDateText } from '@/components/ui/dates';
import { entryNames, type CaseView, type StoredMatch } from './case-types';

type Entity = CaseView['entity'];
type Entry = StoredMatch['watchlistEntry'];

const Latin = ({ children }: { children: ReactNode }) => (
  <bdi lang="en" dir="ltr">
    {children}
  </bdi>
);
const Arabic = ({ children }: { children: ReactNode }) => (
  <bdi lang="ar" dir="rtl">
    {children}
  </bdi>
);

function Values({ values, render }: { values: string[]; render?: (value: string) => ReactNode }) {
  if (!values.length) return <span className="text-slate-500">—</span>;
  return (
    <ul className="flex flex-col gap-0.5">
      {values.map((v, i) => (
        <li key={`${v}-${i}`} className={i === 0 ? 'font-medium' : undefined}>
          {render ? render(v) : v}
        </li>
      ))}
    </ul>
  );
}

/**
 * The query (the entity as it was screened) against the list entry, field by field, with both
 * scripts side by side: what an officer compares before deciding.
 */
export function MatchComparison({ entity, entry, matchedAlias }: { entity: Entity; entry: Entry; matchedAlias: string | null }) {
  const t = useTranslations();
  const locale = useLocale();
  const latin = entryNames(entry.names, 'Latin');
  const arabic = entryNames(entry.names, 'Arabic');
  const highlight = (v: string) => (v === matchedAlias ? <mark className="rounded bg-amber-100 px-0.5 text-slate-900">{v}</mark> : v);
  const identityType = (type: string | null) => (type ? (t.has(`enums.identityType.${type}`) ? t(`enums.identityType.${type}`) : type) : null);
  const identityText = (i: { type: string | null; number: string; issuingCountryCode: string | null }) =>
    [identityType(i.type), i.number, i.issuingCountryCode].filter(Boolean).join(' · ');
  // Both sides named the same way (the entry has codes only), so the same country reads the same.
  const country = (code: string) => `${countryName(locale, code)} (${code})`;
  const nationality = entity.nationality?.twoCode ?? entity.nationalityCode;
  const gender = (g: string | null) => (g ? (t.has(`enums.gender.${g}`) ? t(`enums.gender.${g}`) : g) : null);

  const rows: [string, ReactNode, ReactNode][] = [
    [
      t('cases.nameLatin'),
      <Values key="q" values={entity.nameEn ? [entity.nameEn] : []} render={(v) => <Latin>{v}</Latin>} />,
      <Values key="e" values={latin} render={(v) => <Latin>{highlight(v)}</Latin>} />,
    ],
    [
      t('cases.nameArabic'),
      <Values key="q" values={entity.nameAr ? [entity.nameAr] : []} render={(v) => <Arabic>{v}</Arabic>} />,
      <Values key="e" values={arabic} render={(v) => <Arabic>{highlight(v)}</Arabic>} />,
    ],
    [
      t('cases.dob'),
      entity.dob ? <DateText key="q" locale={locale} value={entity.dob} hijri={Boolean(entity.dobHijri)} /> : <span className="text-slate-500">—</span>,
      <Values key="e" values={entry.dobs} render={(v) => (v.length === 4 ? <span dir="ltr">{v}</span> : <DateText locale={locale} value={v} />)} />,
    ],
    [t('cases.dobHijri'), <HijriDateText key="q" locale={locale} value={entity.dobHijri} />, <HijriDateText key="e" locale={locale} value={entry.dobHijri} />],
    [
      t('cases.nationality'),
      <Values key="q" values={nationality ? [nationality] : []} render={country} />,
      <Values key="e" values={entry.nationalityCodes} render={country} />,
    ],
    [
      t('cases.gender'),
      <Values key="q" values={gender(entity.gender) ? [gender(entity.gender)!] : []} />,
      <Values key="e" values={gender(entry.gender) ? [gender(entry.gender)!] : []} />,
    ],
    [
      t('cases.identities'),
      <Values key="q" values={entity.identities.map(identityText)} render={(v) => <bdi dir="ltr">{v}</bdi>} />,
      <Values key="e" values={entry.identities.map(identityText)} render={(v) => <bdi dir="ltr">{v}</bdi>} />,
    ],
    [t('cases.entryType'), entity.type ? t(`enums.type.${entity.type}`) : '—', t.has(`enums.type.${entry.type}`) ? t(`enums.type.${entry.type}`) : entry.type],
  ];

  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">{t('cases.comparison')}</caption>
        <colgroup>
          <col className="w-24 sm:w-40" />
          <col />
          <col />
        </colgroup>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-2 py-2 text-start text-xs font-semibold text-slate-700">
              {t('cases.field')}
            </th>
            <th scope="col" className="px-2 py-2 text-start text-xs font-semibold text-slate-700">
              {t('cases.client')}
            </th>
            <th scope="col" className="px-2 py-2 text-start text-xs font-semibold text-slate-700">
              {t('cases.listEntry')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map(([label, query, listed]) => (
            <tr key={label}>
              <th scope="row" className="px-2 py-2 text-start align-top text-xs font-medium text-slate-600">
                {label}
              </th>
              <td className="px-2 py-2 align-top break-words text-slate-900">{query}</td>
              <td className="px-2 py-2 align-top break-words text-slate-900">{listed}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
