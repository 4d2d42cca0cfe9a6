import { z } from 'zod';
import { attachmentSchema } from '@/lib/attachments/schemas';
import { wireTimestamp } from '@/lib/core/format';
import { pageOfSchema, pageQuery } from '@/lib/core/pagination';

const hasNoNul = (s: string) => !s.includes('\u0000');
const NUL_MESSAGE = 'must not contain NUL (U+0000) characters';

export const bankAccountSchema = z
  .object({
    id: z.uuid(),
    createdAt: wireTimestamp,
    updatedAt: wireTimestamp,
    iban: z.string().meta({ example: 'SA0380000000608010167519' }),
    primary: z.boolean(),
    bankNameEn: z.string().nullable(),
    bankNameAr: z.string().nullable(),
    swiftCode: z.string().nullable(),
    bankCode: z.string().nullable(),
    holderName: z.string().nullable(),
    status: z.enum(['Active', 'Inactive']),
    source: z.enum(['Automatic', 'Manual']).meta({ description: '`Manual` when created with a supporting attachment (waits for review).' }),
    verificationStatus: z.enum(['PendingReview', 'Verified', 'Rejected']),
    attachment: attachmentSchema.nullable(),
    entityId: z.uuid(),
  })
  .meta({ id: 'BankAccount' });

export type BankAccountOut = z.infer<typeof bankAccountSchema>;

export const createBankAccountInput = z
  .object({
    iban: z.string().min(1).max(64).meta({ description: 'ISO 13616 IBAN; spaces allowed.' }),
    isPrimary: z.boolean().default(false),
    attachmentId: z.uuid().optional().meta({ description: 'Supporting document (an attachment of this tenant). Makes the account `Manual`, pending review.' }),
    holderName: z.string().trim().min(1).max(200).refine(hasNoNul, NUL_MESSAGE).optional(),
  })
  .meta({ id: 'CreateBankAccount' });

export const createBankAccountResponse = z.object({ data: bankAccountSchema }).meta({ id: 'CreateBankAccountResponse' });

export const reviewBankAccountInput = z
  .object({
    decision: z.enum(['Approve', 'Reject']),
    comment: z.string().max(5000).refine(hasNoNul, NUL_MESSAGE).optional(),
  })
  .meta({ id: 'ReviewBankAccount' });

export const accountParams = z.object({ accountId: z.uuid() });
export const reviewQueueQuery = pageQuery;

export const reviewQueueItem = bankAccountSchema
  .extend({
    entity: z.object({ id: z.uuid(), nameEn: z.string().nullable(), nameAr: z.string().nullable() }).meta({ description: 'The account holder (summary).' }),
  })
  .meta({ id: 'BankAccountForReview' });
export const reviewQueueResponse = pageOfSchema(reviewQueueItem).meta({ id: 'BankAccountReviewQueue' });
export type ReviewQueuePage = z.infer<typeof reviewQueueResponse>;
