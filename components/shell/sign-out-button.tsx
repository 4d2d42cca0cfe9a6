'use client';

import { LogOut } from 'lucide-react';
import { signOut } from 'next-auth/react';
import { useLocale } from 'next-intl';
import { buttonClass } from '@/components/ui/button';

export function SignOutButton({ label }: { label: string }) {
  const locale = useLocale();
  return (
    <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => void signOut({ callbackUrl: `/${locale}/sign-in` })}>
      {/* "Leave" points outward: mirrored in Arabic. */}
      <LogOut aria-hidden className="size-4 rtl:-scale-x-100" />
      {label}
    </button>
  );
}
