import type { ReactNode } from 'react';

export function DefinitionGrid({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd className="mt-0.5 break-words text-sm text-slate-900">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
