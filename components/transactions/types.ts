import type { z } from 'zod';
import type { alertList, backtestResult, caseAttachmentList, ruleList, templateList, transactionList } from '@/lib/transactions/schemas';
import type { caseSchema } from '@/lib/cases/schemas';

export type AlertPage = z.infer<typeof alertList>;
export type AlertItem = AlertPage['data'][number];
export type RuleItem = z.infer<typeof ruleList>['data'][number];
export type TemplateItem = z.infer<typeof templateList>['data'][number];
export type BacktestOut = z.infer<typeof backtestResult>['data'];
export type TransactionPage = z.infer<typeof transactionList>;
export type CaseView = z.infer<typeof caseSchema>;
export type CaseAttachmentItem = z.infer<typeof caseAttachmentList>['data'][number];

export const SEVERITY_TONE = { Low: 'neutral', Medium: 'info', High: 'warn', Critical: 'bad' } as const;
