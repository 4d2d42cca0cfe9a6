import { formatDate, formatTimestamp } from '@/lib/core/format';
import { attachmentSelect, formatAttachment } from '@/lib/attachments/format-attachment';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { AddressOut, IdentityOut } from './schemas';

export const identityInclude = {
  selfie: { select: attachmentSelect },
  documents: { orderBy: { position: 'asc' }, include: { attachment: { select: attachmentSelect } } },
  verification: true,
} as const satisfies Prisma.IdentityInclude;

type IdentityRow = Prisma.IdentityGetPayload<{ include: typeof identityInclude }>;
type AddressRow = Prisma.AddressGetPayload<{ include: { attachment: { select: typeof attachmentSelect }; city: true } }>;

export function formatIdentity(i: IdentityRow): IdentityOut {
  return {
    id: i.id,
    createdAt: formatTimestamp(i.createdAt),
    updatedAt: formatTimestamp(i.updatedAt),
    verifiedAt: formatDate(i.verifiedAt),
    expiresAt: formatDate(i.expiresAt),
    type: i.type,
    subtype: i.subtype,
    number: i.number,
    issuingCountryCode: i.issuingCountryCode,
    selfie: i.selfie ? formatAttachment(i.selfie) : null,
    documents: i.documents.map((d) => formatAttachment(d.attachment)),
    verification: i.verification
      ? {
          id: i.verification.id,
          createdAt: formatTimestamp(i.verification.createdAt),
          updatedAt: formatTimestamp(i.verification.updatedAt),
          status: i.verification.status,
          source: i.verification.source,
        }
      : null,
  };
}

export function formatAddress(a: AddressRow): AddressOut {
  return {
    id: a.id,
    createdAt: formatTimestamp(a.createdAt),
    updatedAt: formatTimestamp(a.updatedAt),
    district: a.district,
    districtArea: a.districtArea,
    districtName: a.districtName,
    locationX: a.locationX,
    locationY: a.locationY,
    locationZ: a.locationZ,
    latitude: a.latitude,
    longitude: a.longitude,
    phoneNumber: a.phoneNumber,
    streetNameEn: a.streetNameEn,
    streetNameAr: a.streetNameAr,
    unitNumber: a.unitNumber,
    unitTypeId: a.unitTypeId,
    shortCode: a.shortCode,
    status: a.status,
    source: a.source,
    category: a.category,
    fullAddress: a.fullAddress,
    attachment: a.attachment ? formatAttachment(a.attachment) : null,
    city: a.city
      ? { id: a.city.id, createdAt: formatTimestamp(a.city.createdAt), updatedAt: formatTimestamp(a.city.updatedAt), nameEn: a.city.nameEn, nameAr: a.city.nameAr }
      : null,
  };
}

/** Lower-cased haystack for `q`: names, e-mail, crmId and identity numbers (one trigram index). */
export function buildSearchText(e: { nameEn?: string | null; nameAr?: string | null; email?: string | null; crmId?: string | null }, identityNumbers: string[]): string {
  return [e.nameEn, e.nameAr, e.email, e.crmId, ...identityNumbers]
    .filter((v): v is string => Boolean(v))
    .join(' ')
    .toLowerCase();
}
