/**
 * Word classes the normalizer needs (normalize.ts): honorifics and titles, particles, weak
 * tokens, name compounds, organization legal-form and generic words. Latin words are in the
 * canonical form of normalizeLatinText (lower case, no diacritics, no apostrophes); Arabic words
 * are normalized with normalizeArabic.
 */
import { normalizeArabic } from './arabic';

/** Titles and honorifics: dropped when other tokens remain ("Mullah Baradar" = "Baradar"). */
export const HONORIFICS_LATIN = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mister', 'dr', 'doctor', 'prof', 'professor', 'sheikh', 'shaikh', 'shaykh', 'sheik', 'shekh',
  'cheikh', 'haji', 'hajji', 'hajj', 'haj', 'hadj', 'hadji', 'alhaj', 'alhajj', 'alhaji', 'elhadj', 'eng', 'engr', 'sir', 'madam',
  'mme', 'mlle', 'hrh', 'prince', 'princess', 'mullah', 'mulla', 'mollah', 'molla', 'maulana', 'mawlana', 'mawlawi', 'mawlavi',
  'maulvi', 'moulvi', 'maulavi', 'molvi', 'mavlavi', 'mowlawi', 'qari', 'kari', 'mufti', 'ustad', 'ustadh', 'ustaz', 'imam',
  'col', 'colonel', 'gen', 'general', 'brigadier', 'commandant', 'commander', 'cmdr', 'capt', 'captain', 'major', 'lt',
  'lieutenant', 'chief', 'sahib', 'sahab',
]);

/**
 * Weak tokens: kept, but a weak agreement (weight 0.35, half a strong agreement). Titles that are
 * also names or name parts (Sayyid, Agha, Khan, Akhund, Hafiz, Amir, Jan, Mirza, Bibi, Begum).
 * Kunyas (abu + name) and patronymics (-ovich, -ovna, -ogly …) are weak too (isWeakKey).
 */
export const WEAK_LATIN = new Set([
  'sayyid', 'agha', 'aga', 'aqa', 'khan', 'akhund', 'akhoond', 'akhun', 'hafiz', 'hafez', 'amir', 'emir', 'jan', 'mirza', 'bibi',
  'begum', 'pir', 'baba', 'sahibzada', 'mian', 'mohtaram',
]);

/** Particles: bin / ibn / ben / bint, al / el, ould / walad, Tuareg ag, ul … (dropped; "neither create nor destroy a match"). */
export const PARTICLES_LATIN = new Set(['bin', 'ibn', 'ibnu', 'bint', 'binti', 'binte', 'bte', 'bn', 'ben', 'al', 'el', 'ul', 'ould', 'oul', 'walad', 'wuld', 'wld', 'ag']);
export const SUN_PARTICLES = new Set(['ad', 'ar', 'as', 'at', 'az', 'an', 'ash', 'ath', 'adh', 'ud', 'ur', 'us', 'un', 'ed', 'er', 'es', 'en', 'et', 'ez']);

/** Latin words starting with al / el that are not the Arabic article. */
export const AL_PROTECT = new Set([
  'alan', 'allan', 'allen', 'albert', 'alberto', 'alberta', 'alfred', 'alfredo', 'alex', 'alexander', 'alexandra',
  'alexandre', 'alexei', 'alexey', 'alice', 'alicia', 'alison', 'allison', 'alvin', 'alvaro', 'alba', 'alma', 'alina',
  'aliya', 'alia', 'aliyah', 'alaa', 'alam', 'alawi', 'alfonso', 'alonso', 'alphonse', 'alain', 'albina', 'aleksandr', 'aleksei',
  'aleksey', 'alessandro', 'alessandra', 'alicja', 'almaz', 'alisher', 'aliev', 'aliyev', 'alva', 'elena', 'elias', 'elizabeth',
  'ella', 'ellen', 'elliot', 'elliott', 'elsa', 'elton', 'elvis', 'elmer', 'elisa', 'elif', 'eldar', 'elmira', 'elnur',
  'elijah', 'eliza', 'eleanor', 'elaine', 'elbert', 'eloise', 'elvira', 'elhadj', 'alliance', 'allied', 'alpha', 'alpine',
  'altai', 'altay', 'alternative', 'aluminium', 'aluminum', 'element', 'electric', 'electronics', 'elite', 'elevator', 'alkali',
  'alamo', 'alvarez', 'alvarado', 'aleksandra', 'almeida', 'alcantara', 'alfaro', 'elizaveta', 'eliseev', 'elkin',
]);
/** Latin words starting with bin / ben that are names of their own. */
export const BIN_PROTECT = new Set(['benjamin', 'benedict', 'benedetto', 'bennett', 'benson', 'benito', 'benoit', 'bensouda', 'binyamin', 'bengal', 'benton', 'bentley']);

export const ABD_PREFIXES = new Set(['abd', 'abdul', 'abdel', 'abdal', 'abdol', 'abdou', 'abdu', 'abdoul', 'abdil', 'abdi', 'abdur', 'abdus']);
export const ABU_PREFIXES = new Set(['abu', 'abou', 'abo', 'aboo', 'abul', 'abou']);

/**
 * Name compounds written as one word or several: X + Allah (Saifullah, Seif Allah, سيف الله),
 * X + al-Din (Nasiruddin, Nasir al-Din, Noor ud Din, نصير الدين), X + al-Rahman (Shamsurrahman,
 * Shams ur-Rahman, شمس الرحمن). Each becomes one token: the stem's key + a canonical suffix.
 */
export type CompoundSuffix = 'ulla' | 'udin' | 'urahman';
export const COMPOUND_WORDS: Record<string, CompoundSuffix> = {
  allah: 'ulla', ullah: 'ulla', ulla: 'ulla', llah: 'ulla', ollah: 'ulla',
  din: 'udin', deen: 'udin', dine: 'udin', eddin: 'udin', eddine: 'udin', uddin: 'udin', uddine: 'udin', udin: 'udin', aldin: 'udin',
  eldin: 'udin', eldine: 'udin', iddin: 'udin', addin: 'udin', oddin: 'udin', ouddine: 'udin', oudine: 'udin',
  rahman: 'urahman', rehman: 'urahman', rahaman: 'urahman', rahmaan: 'urahman', rahmane: 'urahman', urrahman: 'urahman', urrehman: 'urahman',
};
/** Connectors between a name and its compound word: "Nur ud Din", "Shams-u-Rahman", "Khalil al-Rahman". */
export const COMPOUND_CONNECTORS = new Set(['al', 'el', 'ul', 'ud', 'ad', 'ed', 'id', 'ur', 'ar', 'er', 'ir', 'u', 'e']);
/** A one-word compound: stem (3+ letters) + suffix. */
export const COMPOUND_SUFFIX_RE: [RegExp, CompoundSuffix][] = [
  [/^(.{3,}?)(?:ullah|ulla|ollah|olla|allah|alla|illah)$/, 'ulla'],
  [/^(.{3,}?)(?:uddine|uddin|udine|udin|uddeen|udeen|eddine|eddin|edine|edin|iddine|iddin|idin|oddine|oddin|ouddine|ouddin|oudine|oudin|addin|aldine|aldin|eldine|eldin)$/, 'udin'],
  [/^(.{3,}?)(?:urrahmane|urrahman|urahman|urrehman|urehman|irrahman|irahman|arrahman|alrahman|ulrahman)$/, 'urahman'],
];

/** Patronymics (Russian, Ukrainian, Turkic): a father's name, weak evidence. */
export const PATRONYMIC_RE = /(?:ovich|evich|ovych|evych|yevich|ovna|evna|ivna|yevna|ogly|oglu|ogli|kyzy|qizi)$/;

// ---------------------------------------------------------------- organizations

export const LEGAL_LATIN = new Set([
  'llc', 'lc', 'ltd', 'limited', 'co', 'company', 'corp', 'corporation', 'inc', 'incorporated', 'plc', 'gmbh', 'sa', 'sarl',
  'sas', 'ag', 'bv', 'nv', 'pjsc', 'jsc', 'ojsc', 'cjsc', 'pjs', 'pvt', 'private', 'pte', 'llp', 'lp', 'fze', 'fzco', 'fzc',
  'fzllc', 'est', 'establishment', 'wll', 'spc', 'spa', 'srl', 'kg', 'oy', 'ab', 'as', 'sdn', 'bhd', 'pty', 'ooo', 'zao',
  'oao', 'tov', 'kft', 'sro', 'doo', 'ad', 'ee', 'cc', 'gk', 'kk', 'sal', 'saog', 'saoc', 'bsc', 'qsc', 'kscc', 'ksc', 'psc',
  'the', 'and', 'of', 'for', 'de', 'du', 'la', 'le', 'del', 'y', 'et', 'und',
]);
/** Legal-form words also kept (as legal) inside a person's name; the other short words there are dropped. */
export const PERSON_LEGAL_KEPT = new Set(['llc', 'ltd', 'limited', 'co', 'company', 'corp', 'corporation', 'inc', 'plc', 'gmbh']);
export const GENERIC_LATIN = new Set([
  'trading', 'trade', 'traders', 'group', 'holding', 'holdings', 'international', 'intl', 'general', 'services', 'service',
  'enterprise', 'enterprises', 'industries', 'industrial', 'industry', 'global', 'investment', 'investments', 'import',
  'export', 'commercial', 'contracting', 'contractors', 'development', 'management', 'partners', 'associates', 'solutions',
  'bank', 'foundation', 'organization', 'organisation', 'association', 'society', 'charity', 'charitable', 'trust', 'fund',
  'agency', 'center', 'centre', 'office', 'national', 'united', 'middle', 'east', 'gulf', 'arab', 'arabian', 'saudi', 'emirates',
  'shipping', 'logistics', 'transport', 'exchange', 'financial', 'finance', 'capital', 'real', 'estate', 'construction',
  'oil', 'gas', 'petroleum', 'energy', 'technology', 'technologies', 'tech', 'systems', 'network', 'media', 'consulting',
  'factory', 'manufacturing', 'import', 'establishments', 'brothers', 'sons', 'front', 'movement', 'brigade', 'brigades', 'army',
]);

// ---------------------------------------------------------------- Arabic script

const ar = (words: string[]) => new Set(words.map(normalizeArabic));
export const HONORIFICS_ARABIC = ar([
  'الشيخ', 'شيخ', 'الشيخه', 'السيده', 'الدكتور', 'دكتور', 'د', 'م', 'المهندس', 'مهندس', 'الحاج', 'حاج', 'حاجي', 'الحاجي',
  'الامير', 'الاميره', 'الاستاذ', 'استاذ', 'الملا', 'ملا', 'الامام', 'امام', 'مولوي', 'المولوي', 'مولانا', 'قاري', 'القاري',
  'مفتي', 'المفتي', 'استاد',
]);
export const WEAK_ARABIC = ar(['سيد', 'السيد', 'اغا', 'آغا', 'خان', 'اخوند', 'آخوند', 'جان', 'حافظ', 'الحافظ', 'ميرزا', 'بيبي']);
export const PARTICLES_ARABIC = ar(['بن', 'ابن', 'بنت', 'ال', 'ولد']);
export const ARABIC_COMPOUND_WORDS: Record<string, CompoundSuffix> = { [normalizeArabic('الله')]: 'ulla', [normalizeArabic('الدين')]: 'udin', [normalizeArabic('الرحمن')]: 'urahman', [normalizeArabic('الرحمان')]: 'urahman' };
export const LEGAL_ARABIC = new Set(['شركه', 'الشركه', 'مؤسسه', 'المؤسسه', 'ذمم', 'ذ.م.م', 'محدوده', 'المحدوده', 'شمم', 'شمع', 'شمعم', 'مساهمه', 'المساهمه', 'و', 'في', 'من', 'ش.م.م', 'ش.م.ع'].map((w) => normalizeArabic(w).replace(/\./g, '')));
export const GENERIC_ARABIC = ar(['مجموعه', 'المجموعه', 'للتجاره', 'التجاره', 'تجاره', 'التجاريه', 'تجاريه', 'القابضه', 'قابضه', 'العالميه', 'الدوليه', 'دوليه', 'العامه', 'للخدمات', 'الخدمات', 'للاستثمار', 'الاستثمار', 'للمقاولات', 'المقاولات', 'الوطنيه', 'العربيه', 'السعوديه', 'مصرف', 'المصرفيه', 'بنك', 'جمعيه', 'الخيريه', 'مكتب', 'للصرافه', 'الصرافه', 'للنقل', 'جبهه', 'حركه', 'كتائب', 'لواء', 'جيش', 'تنظيم', 'للشحن', 'الشحن', 'شحن', 'للصناعه', 'الصناعيه', 'للتطوير', 'للاعمال', 'الاعمال', 'للنفط', 'للطاقه', 'للتقنيه', 'للاتصالات', 'للسياحه', 'للتامين', 'التامين', 'الانسانيه', 'الاغاثه', 'للاغاثه', 'الخيريه', 'خيريه', 'للتمويل', 'التمويل', 'للعقارات', 'العقاريه']);
