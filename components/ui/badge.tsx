import type { ReactNode } from 'react';
import { cn } from './cn';

const TONES = {
  neutral: 'bg-slate-100 text-slate-800 ring-slate-300',
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  warn: 'bg-amber-50 text-amber-900 ring-amber-300',
  bad: 'bg-red-50 text-red-800 ring-red-300',
  info: 'bg-sky-50 text-sky-800 ring-sky-300',
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap', TONES[tone])}>
      {children}
    </span>
  );
}

/** One colour per status across the app, so the same word always looks the same. */
export function toneOfStatus(status: string | null | undefined): BadgeTone {
  switch (status) {
    case 'Active':
    case 'Verified':
    case 'Approved':
    case 'KycComplete':
      return 'good';
    case 'Blocked':
    case 'Rejected':
    case 'Deceased':
      return 'bad';
    case 'PendingReview':
    case 'Pending':
    case 'PendingTargetApproval':
      return 'warn';
    default:
      return 'neutral';
  }
}
