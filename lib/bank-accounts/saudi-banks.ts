// Saudi banks by the 2-digit bank code inside a Saudi IBAN (SAkk BB AAAAAAAAAAAAAAAAAA, BB at
// positions 5–6), from the Saudi Central Bank (SAMA) IBAN bank-code list. Codes of banks that
// merged (Samba into SNB, Alawwal into SABB/Saudi Awwal Bank) still appear on old accounts, so they
// resolve to the surviving bank and its SWIFT code.

export interface SaudiBank {
  bankCode: string;
  nameEn: string;
  nameAr: string;
  swiftCode: string;
}

const BANKS: SaudiBank[] = [
  { bankCode: '05', nameEn: 'Alinma Bank', nameAr: 'مصرف الإنماء', swiftCode: 'INMASARI' },
  { bankCode: '10', nameEn: 'Saudi National Bank', nameAr: 'البنك الأهلي السعودي', swiftCode: 'NCBKSAJE' },
  { bankCode: '15', nameEn: 'Bank AlBilad', nameAr: 'بنك البلاد', swiftCode: 'ALBISARI' },
  { bankCode: '20', nameEn: 'Riyad Bank', nameAr: 'بنك الرياض', swiftCode: 'RIBLSARI' },
  { bankCode: '30', nameEn: 'Arab National Bank', nameAr: 'البنك العربي الوطني', swiftCode: 'ARNBSARI' },
  { bankCode: '40', nameEn: 'Saudi National Bank (formerly Samba)', nameAr: 'البنك الأهلي السعودي (سامبا سابقاً)', swiftCode: 'SAMBSARI' },
  { bankCode: '45', nameEn: 'Saudi Awwal Bank', nameAr: 'البنك السعودي الأول', swiftCode: 'SABBSARI' },
  { bankCode: '50', nameEn: 'Saudi Awwal Bank (formerly Alawwal Bank)', nameAr: 'البنك السعودي الأول (البنك الأول سابقاً)', swiftCode: 'AAALSARI' },
  { bankCode: '55', nameEn: 'Banque Saudi Fransi', nameAr: 'البنك السعودي الفرنسي', swiftCode: 'BSFRSARI' },
  { bankCode: '60', nameEn: 'Bank AlJazira', nameAr: 'بنك الجزيرة', swiftCode: 'BJAZSAJE' },
  { bankCode: '65', nameEn: 'Saudi Investment Bank', nameAr: 'البنك السعودي للاستثمار', swiftCode: 'SIBCSARI' },
  { bankCode: '71', nameEn: 'National Bank of Bahrain', nameAr: 'بنك البحرين الوطني', swiftCode: 'NBOBSARI' },
  { bankCode: '75', nameEn: 'National Bank of Kuwait', nameAr: 'بنك الكويت الوطني', swiftCode: 'NBOKSAJE' },
  { bankCode: '76', nameEn: 'Bank Muscat', nameAr: 'بنك مسقط', swiftCode: 'BMUSSARI' },
  { bankCode: '80', nameEn: 'Al Rajhi Bank', nameAr: 'مصرف الراجحي', swiftCode: 'RJHISARI' },
  { bankCode: '81', nameEn: 'Deutsche Bank', nameAr: 'دويتشه بنك', swiftCode: 'DEUTSARI' },
  { bankCode: '82', nameEn: 'BNP Paribas', nameAr: 'بي إن بي باريبا', swiftCode: 'BNPASARI' },
  { bankCode: '83', nameEn: 'State Bank of India', nameAr: 'بنك الدولة الهندي', swiftCode: 'SBINSARI' },
  { bankCode: '84', nameEn: 'T.C. Ziraat Bankasi', nameAr: 'بنك زراعات التركي', swiftCode: 'TCZBSARI' },
  { bankCode: '86', nameEn: 'J.P. Morgan Chase Bank', nameAr: 'بنك جي بي مورغان تشيس', swiftCode: 'CHASSARI' },
  { bankCode: '87', nameEn: 'Industrial and Commercial Bank of China', nameAr: 'البنك الصناعي والتجاري الصيني', swiftCode: 'ICBKSARI' },
  { bankCode: '90', nameEn: 'Gulf International Bank', nameAr: 'بنك الخليج الدولي', swiftCode: 'GULFSARI' },
  { bankCode: '95', nameEn: 'Emirates NBD', nameAr: 'بنك الإمارات دبي الوطني', swiftCode: 'EBILSARI' },
];

const BY_CODE = new Map(BANKS.map((b) => [b.bankCode, b]));

export function saudiBankByCode(code: string): SaudiBank | undefined {
  return BY_CODE.get(code);
}

export const SAUDI_BANKS: readonly SaudiBank[] = BANKS;
