/** A watchlist entry as read from an import file, before it is stored. */
export interface ImportedIdentity {
  type: string;
  number: string;
  issuingCountryCode?: string | null;
}

export interface ImportedEntry {
  externalId: string;
  type: 'Individual' | 'Organization';
  names: { value: string; kind: 'Primary' | 'Alias'; quality?: string | null }[];
  /** Gregorian YYYY-MM-DD or YYYY */
  dobs: string[];
  dobHijri?: string | null;
  gender?: string | null;
  nationalityCodes: string[];
  identities: ImportedIdentity[];
  remarks?: string | null;
  listType?: string | null;
  resolutionNumber?: string | null;
  orderNumber?: string | null;
  unifiedNumber?: string | null;
}

export class ImportFormatError extends Error {}
