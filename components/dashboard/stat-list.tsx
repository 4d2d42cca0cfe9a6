import type { ReactNode } from 'react';
import { Link } from '@/lib/i18n/navigation';

/** A labelled list of counts (a definition list reads well to screen readers); a row with `href` links its count to the list it counts. */
export function StatList({ rows, locale }: { rows: { key: string; label: ReactNode; value: number; href?: string }[]; locale: string }) {
  const number = new Intl.NumberFormat(locale);
  return (
    <dl className="divide-y divide-slate-100">
      {rows.map((row) => (
        <div key={row.key} className="flex items-center justify-between gap-4 py-2" data-stat={row.key}>
          <dt className="text-sm text-slate-700" id={`stat-${row.key}`}>
            {row.label}
          </dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900">
            {row.href ? (
              // Named by its count, described by its row's label (the list it opens).
              <Link href={row.href} className="text-brand-700 underline-offset-2 hover:underline" aria-describedby={`stat-${row.key}`}>
                {number.format(row.value)}
              </Link>
            ) : (
              number.format(row.value)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
