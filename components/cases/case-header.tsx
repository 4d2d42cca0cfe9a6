'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { ArrowLeft } from 'lucide-react';
import { Link } from '@/lib/i18n/navigation';

/** The top of a case page, either kind: the way back to the queue, the title, then what the page adds (the client, badges). */
export function CaseHeader({ title, children }: { title: string; children?: ReactNode }) {
  const t = useTranslations('cases');
  return (
    <>
      <Link href="/cases" className="inline-flex items-center gap-1 self-start text-sm text-brand-700 underline-offset-2 hover:underline">
        <ArrowLeft aria-hidden className="size-4 rtl:-scale-x-100" />
        {t('backToQueue')}
      </Link>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold break-words text-slate-900" data-testid="case-title">
          {title}
        </h1>
        {children}
      </div>
    </>
  );
}
