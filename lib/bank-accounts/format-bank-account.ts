import { formatTimestamp } from '@/lib/core/format';
import { attachmentSelect, formatAttachment, type AttachmentRow } from '@/lib/attachments/format-attachment';
import type { BankAccountOut } from './schemas';

export interface BankAccountRow {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  entityId: string;
  iban: string;
  primary: boolean;
  bankNameEn: string | null;
  bankNameAr: string | null;
  swiftCode: string | null;
  bankCode: string | null;
  holderName: string | null;
  status: BankAccountOut['status'];
  source: BankAccountOut['source'];
  verificationStatus: BankAccountOut['verificationStatus'];
  attachment: AttachmentRow | null;
}

export const bankAccountInclude = { attachment: { select: attachmentSelect } } as const;

export function formatBankAccount(b: BankAccountRow): BankAccountOut {
  return {
    id: b.id,
    createdAt: formatTimestamp(b.createdAt),
    updatedAt: formatTimestamp(b.updatedAt),
    iban: b.iban,
    primary: b.primary,
    bankNameEn: b.bankNameEn,
    bankNameAr: b.bankNameAr,
    swiftCode: b.swiftCode,
    bankCode: b.bankCode,
    holderName: b.holderName,
    status: b.status,
    source: b.source,
    verificationStatus: b.verificationStatus,
    attachment: b.attachment ? formatAttachment(b.attachment) : null,
    entityId: b.entityId,
  };
}
