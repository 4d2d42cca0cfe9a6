'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from './button';

export function Pagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const t = useTranslations('common');
  const number = new Intl.NumberFormat(useLocale());
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('pageOf', { page: number.format(page), total: number.format(totalPages) })} className="flex items-center justify-between gap-2">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {/* "Back" points to the reading start: left in English, right in Arabic. */}
        <ChevronLeft aria-hidden className="size-4 rtl:-scale-x-100" />
        {t('previous')}
      </Button>
      <span className="text-sm text-slate-700">{t('pageOf', { page: number.format(page), total: number.format(totalPages) })}</span>
      <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('next')}
        <ChevronRight aria-hidden className="size-4 rtl:-scale-x-100" />
      </Button>
    </nav>
  );
}
