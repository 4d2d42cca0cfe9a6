'use client';

import { useTranslations } from 'next-intl';
import { describeProblem, type Problem } from './builder-problems';

const SHOWN = 10;

/** The builder's error banner: how many fields need attention, then each one, a button to reach it. */
export function ErrorSummary({ problems, onReveal }: { problems: Problem[]; onReveal: (path: string) => void }) {
  const t = useTranslations('kyc');
  return (
    <div className="flex flex-col gap-1" data-testid="builder-error-summary">
      <p className="font-medium">{t('builder.summary.count', { n: problems.length })}</p>
      <ul className="list-disc ps-5">
        {problems.slice(0, SHOWN).map((problem) => (
          <li key={problem.path}>
            <button type="button" className="text-start underline underline-offset-2 hover:text-red-900" onClick={() => onReveal(problem.path)}>
              {describeProblem(t, problem)}
            </button>
          </li>
        ))}
      </ul>
      {problems.length > SHOWN ? <p>{t('builder.summary.more', { n: problems.length - SHOWN })}</p> : null}
    </div>
  );
}
