import { z } from 'zod';
import { wireTimestamp } from '@/lib/core/format';
import { userSchema } from '@/lib/attachments/schemas';

const hasNoNul = (s: string) => !s.includes('\u0000');

export const noteSchema = z
  .object({
    id: z.uuid(),
    createdAt: wireTimestamp,
    updatedAt: wireTimestamp,
    title: z.string(),
    description: z.string(),
    createdBy: userSchema.nullable().meta({ description: 'The officer who wrote it; null when written with an API key.' }),
  })
  .meta({ id: 'Note' });

export type NoteOut = z.infer<typeof noteSchema>;

export const createNoteInput = z
  .object({
    title: z.string().trim().min(1).max(200).refine(hasNoNul, 'must not contain NUL (U+0000) characters'),
    description: z.string().trim().min(1).max(5000).refine(hasNoNul, 'must not contain NUL (U+0000) characters'),
  })
  .meta({ id: 'CreateNote' });

export const noteEnvelope = z.object({ data: noteSchema }).meta({ id: 'NoteResponse' });
