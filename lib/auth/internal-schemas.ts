import { z } from 'zod';
import { pageQuery } from '@/lib/api/pagination';

/** Query of the officer UI's entity list (same filter names and values as GET /services/crm/entities). */
export const internalEntityQuery = pageQuery.extend({
  q: z.string().trim().max(200).optional(),
  role: z.enum(['client', 'prospect', 'screening']).optional(),
  status: z.enum(['Active', 'Blocked', 'Deactivated', 'Deceased']).optional(),
  type: z.enum(['Individual', 'Organization']).optional(),
  tagId: z.uuid().optional(),
  crmId: z.string().trim().max(100).optional(),
});

export const internalStatusBody = z.object({
  status: z.enum(['Active', 'Blocked', 'Deactivated', 'Deceased']),
  reason: z.string().trim().max(5000).optional(),
  emailOptions: z.object({ notify: z.boolean(), language: z.enum(['en', 'ar']) }).optional(),
});

/** A rejection must say why (the comment is the officer's record of the decision). */
export const internalReviewBody = z
  .object({
    decision: z.enum(['Approve', 'Reject']),
    comment: z.string().trim().max(5000).optional(),
  })
  .refine((body) => body.decision === 'Approve' || (body.comment ?? '').length > 0, { path: ['comment'], message: 'required to reject' });

export const uuidParam = z.uuid();
