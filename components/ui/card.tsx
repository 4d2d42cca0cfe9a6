import type { ReactNode } from 'react';
import { cn } from './cn';

export function Card({
  title,
  actions,
  children,
  className,
  id,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  return (
    <section
      aria-labelledby={title && id ? `${id}-title` : undefined}
      className={cn('min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm', className)}
    >
      {title ? (
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <h2 id={id ? `${id}-title` : undefined} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {actions}
        </header>
      ) : null}
      <div className="p-4">{children}</div>
    </section>
  );
}
