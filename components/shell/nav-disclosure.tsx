'use client';

import { useId, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Menu, X } from 'lucide-react';
import { cn } from '@/components/ui/cn';

/**
 * The main navigation's links behind a menu button on a phone (below the `md` breakpoint), so a
 * page opens on its content and not on a screenful of links; from `md` up the links are always
 * shown and the button is not. Choosing a link or pressing Escape folds it again.
 */
export function NavDisclosure({ brand, label, children }: { brand: ReactNode; label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const fold = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('a')) setOpen(false);
  };
  const escape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      document.getElementById(`${id}-button`)?.focus();
    }
  };
  return (
    <div onKeyDown={escape}>
      <div className="flex items-center justify-between gap-2 px-4 py-4">
        {brand}
        <button
          id={`${id}-button`}
          type="button"
          className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-brand-50 hover:bg-brand-700/70 focus-visible:outline-2 focus-visible:outline-white md:hidden"
          aria-expanded={open}
          aria-controls={id}
          data-testid="nav-toggle"
          onClick={() => setOpen((was) => !was)}
        >
          {open ? <X aria-hidden className="size-4" /> : <Menu aria-hidden className="size-4" />}
          {label}
        </button>
      </div>
      <div id={id} className={cn(open ? 'block' : 'hidden', 'md:block')} onClick={fold}>
        {children}
      </div>
    </div>
  );
}
