// The shapes the profile reads are the API's own response schemas (lib/entities/schemas.ts).
import type { AttachmentOut } from '@/lib/attachments/schemas';
import type { EntityProfileOut } from '@/lib/entities/schemas';

export type EntityProfile = EntityProfileOut;
export type AttachmentView = AttachmentOut;
