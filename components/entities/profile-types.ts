import type { EntityRow } from './entity-types';

/** The Entity resource as GET /entities/{id} returns it (spec field names), as read by the profile. */
export interface AttachmentView {
  id: string;
  name: string;
  mimeType: string;
  size: string;
}

export interface IdentityView {
  id: string;
  type: string;
  subtype?: string | null;
  number: string;
  issuingCountryCode?: string | null;
  expiresAt?: string | null;
  verifiedAt?: string | null;
  documents?: AttachmentView[];
  selfie?: AttachmentView | null;
  verification?: { status?: string | null; source?: string | null } | null;
}

export interface BankAccountView {
  id: string;
  iban: string;
  primary?: boolean;
  bankNameEn?: string | null;
  bankNameAr?: string | null;
  swiftCode?: string | null;
  holderName?: string | null;
  status?: string | null;
  source?: string | null;
  verificationStatus?: string | null;
  attachment?: AttachmentView | null;
  createdAt?: string;
}

export interface AddressView {
  id: string;
  fullAddress?: string | null;
  district?: string | null;
  streetNameEn?: string | null;
  streetNameAr?: string | null;
  unitNumber?: string | null;
  shortCode?: string | null;
  status?: string | null;
  category?: string | null;
  city?: { nameEn?: string | null; nameAr?: string | null } | null;
}

export interface EntityProfile extends EntityRow {
  updatedAt?: string;
  countryCode?: string | null;
  phoneNumber?: string | null;
  dob?: string | null;
  dobHijri?: string | null;
  dateOfIncorporation?: string | null;
  dateOfIncorporationHijri?: string | null;
  accountOpenDate?: string | null;
  classification?: string | null;
  gender?: string | null;
  ongoingMonitoring?: boolean | null;
  nationalityCode?: string | null;
  nationality?: { nameEn?: string | null; nameAr?: string | null; nationalityEn?: string | null; nationalityAr?: string | null } | null;
  identities?: IdentityView[];
  bankAccounts?: BankAccountView[];
  addresses?: AddressView[];
  tags?: { id: string; nameEn: string; nameAr?: string | null; scope?: string | null }[];
  kyc?: {
    status?: string | null;
    eddStatus?: string | null;
    qualifiedStatus?: string | null;
    completedAt?: string | null;
    classification?: string | null;
    scores?: { riskLevel?: string | null; riskScore?: string | null }[];
  } | null;
  verifications?: Record<string, boolean> | null;
  reviewStatus?: Record<string, boolean> | null;
  caseCount?: number | null;
  matchCount?: number | null;
  organizationStatus?: { value?: string | null; confirmationDate?: string | null } | null;
  activities?: { id: string; nameEn?: string | null; nameAr?: string | null }[];
  relationships?: {
    id: string;
    type?: string | null;
    subType?: string | null;
    approvalStatus?: string | null;
    sourceEntityId?: string | null;
    targetEntityId?: string | null;
    sourceEntity?: { id: string; nameEn?: string | null; nameAr?: string | null } | null;
    targetEntity?: { id: string; nameEn?: string | null; nameAr?: string | null } | null;
  }[];
}
