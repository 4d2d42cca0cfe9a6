import { z } from 'zod';
import { wireTimestamp } from '@/lib/core/format';

export const userSchema = z
  .object({ id: z.uuid(), createdAt: wireTimestamp, updatedAt: wireTimestamp, email: z.string(), displayName: z.string(), roleId: z.string() })
  .meta({ id: 'User' });

export const attachmentSchema = z
  .object({
    id: z.uuid(),
    createdAt: wireTimestamp,
    updatedAt: wireTimestamp,
    name: z.string(),
    mimeType: z.string().meta({ example: 'application/pdf' }),
    size: z.string().meta({ description: 'Byte count, as a string.', example: '48213' }),
    createdBy: userSchema.nullable().meta({ description: 'The officer who uploaded it; null when uploaded with an API key.' }),
  })
  .meta({ id: 'Attachment' });

export type AttachmentOut = z.infer<typeof attachmentSchema>;

export const attachmentParams = z.object({ attachmentId: z.uuid() });

export const createAttachmentForm = z
  .object({
    file: z.any().meta({ type: 'string', format: 'binary', description: 'The file. Its type is decided from the bytes: images, videos and PDF only.' }),
    name: z.string().max(200).optional().meta({ description: 'Display name; defaults to the uploaded file name.' }),
  })
  .meta({ id: 'CreateAttachmentForm' });

export const createAttachmentResponse = z.object({ data: attachmentSchema, creationStatus: z.enum(['Created']) }).meta({ id: 'CreateAttachmentResponse' });

export const attachmentContentQuery = z.object({
  inline: z.enum(['true', 'false']).optional().meta({ description: '`true`: shown in place (images and PDF only; anything else stays a download).' }),
});
