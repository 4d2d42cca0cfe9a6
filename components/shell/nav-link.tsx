'use client';

import type { ReactNode } from 'react';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { cn } from '@/components/ui/cn';

export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const pathname = usePathname();
  const active = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium',
        active ? 'bg-brand-700 text-white' : 'text-brand-50 hover:bg-brand-700/70',
      )}
    >
      {children}
    </Link>
  );
}
