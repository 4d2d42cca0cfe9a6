import type { z } from 'zod';
import type { caseList, caseSchema, matchEnvelope, matchList, storedMatchSchema } from '@/lib/cases/schemas';
import type { BadgeTone } from '@/components/ui/badge';

/** Wire shapes of the case routes, as their response schemas say. */
export type CasePage = z.infer<typeof caseList>;
export type CaseView = z.infer<typeof caseSchema>;
export type StoredMatch = z.infer<typeof storedMatchSchema>;
export type MatchPage = z.infer<typeof matchList>;
export type MatchReviewAnswer = z.infer<typeof matchEnvelope>;

export const CASE_KINDS = ['Screening', 'TransactionMonitoring'] as const;
export const CASE_SOURCES = ['ListSourceA', 'ListSourceB', 'Custom'] as const;
export const CASE_STATUS_VALUES = ['Pending', 'InReview', 'PendingApproval', 'Closed'] as const;
export const AGE_VALUES = ['today', 'week', 'month', 'older'] as const;

export function toneOfCaseStatus(status: string): BadgeTone {
  switch (status) {
    case 'Pending':
      return 'warn';
    case 'InReview':
    case 'PendingApproval':
      return 'info';
    default:
      return 'neutral';
  }
}

export function toneOfMatchStatus(status: string): BadgeTone {
  switch (status) {
    case 'Unreviewed':
      return 'warn';
    case 'PendingApproval':
      return 'info';
    case 'TruePositive':
      return 'bad';
    case 'FalsePositive':
      return 'good';
    default:
      return 'neutral';
  }
}

export function toneOfScreening(status: string): BadgeTone {
  switch (status) {
    case 'Clear':
      return 'good';
    case 'PendingReview':
      return 'warn';
    case 'Hit':
      return 'bad';
    default:
      return 'neutral';
  }
}

/** The list entry's name in one script (Arabic or Latin), primary first. */
export function entryNames(names: StoredMatch['watchlistEntry']['names'], script: 'Latin' | 'Arabic'): string[] {
  const isArabic = (value: string) => /[\u0600-\u06FF]/.test(value);
  return names.filter((n) => (n.script ? n.script === script : isArabic(n.value) === (script === 'Arabic'))).map((n) => n.value);
}
