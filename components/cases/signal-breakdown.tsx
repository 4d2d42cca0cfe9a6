'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import type { StoredMatch } from './case-types';

type Signals = StoredMatch['signals'];

/** One row of the breakdown: a label, a bar and the value in words (the bar is decoration). */
function Row({ label, score, text }: { label: string; score: number | null; text: string }) {
  const width = score === null ? 0 : Math.round(Math.max(0, Math.min(1, score)) * 100);
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 sm:grid-cols-[12rem_minmax(0,1fr)_auto]">
      <span className="text-sm text-slate-800">{label}</span>
      <span aria-hidden className="order-last col-span-2 h-2 overflow-hidden rounded-full bg-slate-100 sm:order-none sm:col-span-1">
        {score !== null ? <span className="block h-full rounded-full bg-brand-600" style={{ width: `${width}%` }} /> : null}
      </span>
      <span className="text-end text-sm font-medium text-slate-900 tabular-nums">{text}</span>
    </li>
  );
}

/** The engine's `signals` as a readable breakdown: name similarities, then each supporting attribute. */
export function SignalBreakdown({ signals, reasons }: { signals: Signals; reasons: string[] }) {
  const t = useTranslations('cases');
  const locale = useLocale();
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const name = signals.name;
  const attribute = (key: 'dob' | 'gender' | 'nationality' | 'location') => {
    const s = signals[key];
    if (s.neglectScore) return <Row key={key} label={t(`signalNames.${key}`)} score={null} text={t('notCompared')} />;
    const text = key === 'dob' ? percent.format(s.score) : s.score >= 1 ? t('agrees') : t('differs');
    return <Row key={key} label={t(`signalNames.${key}`)} score={s.score} text={text} />;
  };
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2">
        <Row label={t('signalNames.total')} score={name.totalScore} text={percent.format(name.totalScore)} />
        {(['fullJW', 'familyJW', 'firstNameJW', 'givenTokenScore', 'phoneticScore'] as const).map((key) => (
          <Row key={key} label={t(`signalNames.${key}`)} score={name[key]} text={percent.format(name[key])} />
        ))}
        <Row label={t('signalNames.exactNormalized')} score={name.exactNormalized ? 1 : 0} text={name.exactNormalized ? t('agrees') : t('differs')} />
        {attribute('dob')}
        {attribute('nationality')}
        {attribute('gender')}
        {attribute('location')}
        <Row
          label={t('signalNames.identity')}
          score={signals.identity.matched ? 1 : null}
          text={signals.identity.matched ? t('identityMatched', { number: signals.identity.number ?? '' }) : t('identityNotMatched')}
        />
      </ul>
      {reasons.length ? (
        <div>
          <h4 className="mb-1 text-xs font-medium text-slate-600">{t('reasons')}</h4>
          <ul className="flex flex-wrap gap-1">
            {reasons.map((reason) => (
              <li key={reason}>
                <Badge tone={/Mismatch|Conflict/.test(reason) ? 'neutral' : 'warn'}>
                  {t.has(`reasonCodes.${reason}`) ? t(`reasonCodes.${reason}`) : reason}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
