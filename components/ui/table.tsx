import type { ReactNode, ThHTMLAttributes, TdHTMLAttributes } from 'react';
import { cn } from './cn';

/** The marks of a list whose rows are the previous answer while the next one loads: dimmed, and `aria-busy`. */
export function busyMarks(busy: boolean, className?: string) {
  return { className: cn(className, 'transition-opacity', busy && 'opacity-60'), 'aria-busy': busy || undefined };
}

/**
 * A data table from 768 px; below, each row is a stacked card whose cells carry their column name
 * (the `label` of `Td`), so a phone never scrolls a table sideways and row actions stay in reach.
 * `busy`: the rows shown are the previous answer while the next one loads (a new sort or filter).
 */
export function Table({ caption, children, busy = false }: { caption: string; children: ReactNode; busy?: boolean }) {
  return (
    // Focusable and named: on a wide screen a table wider than its card scrolls, and keyboard users must reach it too.
    <div
      className={cn(
        'relative rounded-lg border border-slate-200 bg-white md:overflow-x-auto',
        // Phones: table, body, rows and cells become blocks (cards); the header row is hidden, each cell shows its label.
        'max-md:[&_table]:block max-md:[&_tbody]:block max-md:[&_tbody]:divide-y max-md:[&_td]:block max-md:[&_td]:py-1 max-md:[&_thead]:hidden max-md:[&_tr]:block max-md:[&_tr]:py-2',
      )}
      tabIndex={0}
      role="region"
      aria-label={caption}
      data-responsive-table
    >
      <table {...busyMarks(busy, 'min-w-full divide-y divide-slate-200 text-sm')}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn('bg-slate-50 px-3 py-2 text-start text-xs font-semibold text-slate-700 uppercase', className)} {...props} />;
}

/** A cell; `label` (its column's name) is shown in front of the value on a phone, where the header row is hidden. */
export function Td({ className, label, children, ...props }: TdHTMLAttributes<HTMLTableCellElement> & { label?: string }) {
  return (
    <td className={cn('min-w-0 px-3 py-2 align-top break-words text-slate-800', className)} {...props}>
      {label ? <span className="me-1 block text-xs font-semibold text-slate-600 md:hidden">{label}</span> : null}
      {children}
    </td>
  );
}
