export interface ReviewItem {
  id: string;
  createdAt: string;
  iban: string;
  bankNameEn?: string | null;
  bankNameAr?: string | null;
  holderName?: string | null;
  verificationStatus: string;
  attachment?: { id: string; name: string; mimeType: string; size: string } | null;
  entity: { id: string; nameEn?: string | null; nameAr?: string | null };
}

export interface ReviewPage {
  meta: { page: number; size: number; totalCount: number; totalPages: number };
  data: ReviewItem[];
}
