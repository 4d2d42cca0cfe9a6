import type { ReactNode } from 'react';

/** A labelled list of counts (a definition list reads well to screen readers). */
export function StatList({ rows, locale }: { rows: { key: string; label: ReactNode; value: number; href?: string }[]; locale: string }) {
  const number = new Intl.NumberFormat(locale);
  return (
    <dl className="divide-y divide-slate-100">
      {rows.map((row) => (
        <div key={row.key} className="flex items-center justify-between gap-4 py-2" data-stat={row.key}>
          <dt className="text-sm text-slate-700">{row.label}</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900">{number.format(row.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
