import { electronicFormatIBAN, extractIBAN, isValidIBAN } from 'ibantools';
import { saudiBankByCode } from './saudi-banks';

export interface ResolvedIban {
  iban: string;
  countryCode: string;
  bankCode: string | null;
  bankNameEn: string | null;
  bankNameAr: string | null;
  swiftCode: string | null;
}

/**
 * Normalises (spaces removed, upper case) and validates an IBAN with ibantools (ISO 13616 mod-97
 * and the country's length and BBAN format). Returns undefined when it is not a valid IBAN.
 * Saudi IBANs also get the bank's names and SWIFT code from the shipped table.
 */
export function resolveIban(input: string): ResolvedIban | undefined {
  const iban = electronicFormatIBAN(input);
  if (!iban || !isValidIBAN(iban)) return undefined;
  const extracted = extractIBAN(iban);
  const countryCode = iban.slice(0, 2);
  const bankCode = countryCode === 'SA' ? iban.slice(4, 6) : (extracted.bankIdentifier ?? null);
  const bank = countryCode === 'SA' && bankCode ? saudiBankByCode(bankCode) : undefined;
  return {
    iban,
    countryCode,
    bankCode: bankCode || null,
    bankNameEn: bank?.nameEn ?? null,
    bankNameAr: bank?.nameAr ?? null,
    swiftCode: bank?.swiftCode ?? null,
  };
}
