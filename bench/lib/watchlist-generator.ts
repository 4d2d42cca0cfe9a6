// The synthetic watchlist of bench:screening and bench:bulk: one deterministic generator (same seed,
// same entries), so both benchmarks screen against the same 1,000,000 names.
import type { ImportedEntry } from '@/lib/screening/parsers/types';

// mulberry32: the earlier floating-point LCG (seed * 1103515245 overflowed 2^53) fell into a
// short cycle, so 1,000,000 entries held only 1,234 distinct names (~800 copies of each).
let seed = 424242;

/** Restarts the sequence: the same calls then give the same entries (a list can be regenerated). */
export function resetGenerator(value = 424242): void {
  seed = value;
}
export const rnd = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
export const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)]!;

export const AR_GIVEN: [string, string[]][] = [
  ['محمد', ['Mohammed', 'Muhammad', 'Mohamed', 'Mohamad']],
  ['أحمد', ['Ahmed', 'Ahmad']],
  ['عبد الله', ['Abdullah', 'Abdallah']],
  ['عبد الرحمن', ['Abdulrahman', 'Abdelrahman']],
  ['عبد العزيز', ['Abdulaziz', 'Abdelaziz']],
  ['خالد', ['Khalid', 'Khaled']],
  ['يوسف', ['Yousef', 'Yusuf', 'Youssef']],
  ['إبراهيم', ['Ibrahim', 'Ebrahim']],
  ['عمر', ['Omar', 'Umar']],
  ['علي', ['Ali']],
  ['حسين', ['Hussein', 'Hussain']],
  ['حسن', ['Hassan', 'Hasan']],
  ['سعيد', ['Saeed', 'Said']],
  ['فيصل', ['Faisal', 'Faysal']],
  ['طارق', ['Tariq', 'Tarek']],
  ['ناصر', ['Nasser', 'Nasir']],
  ['سلطان', ['Sultan']],
  ['ماجد', ['Majid', 'Majed']],
  ['وليد', ['Walid', 'Waleed']],
  ['هشام', ['Hisham', 'Hesham']],
  ['مصطفى', ['Mustafa', 'Mostafa']],
  ['زياد', ['Ziad', 'Ziyad']],
  ['بدر', ['Badr', 'Bader']],
  ['منصور', ['Mansour', 'Mansoor']],
  ['جاسم', ['Jassim', 'Jasim']],
  ['سامي', ['Sami']],
  ['عادل', ['Adel', 'Adil']],
  ['نواف', ['Nawaf']],
  ['تركي', ['Turki']],
  ['حمد', ['Hamad']],
  ['صالح', ['Saleh', 'Salih']],
  ['سعد', ['Saad']],
  ['فهد', ['Fahad', 'Fahd']],
  ['بندر', ['Bandar']],
  ['مشعل', ['Mishal', 'Meshal']],
  ['راشد', ['Rashid', 'Rashed']],
  ['حمزة', ['Hamza', 'Hamzah']],
  ['أنس', ['Anas']],
  ['ياسر', ['Yasser', 'Yasir']],
  ['عثمان', ['Othman', 'Osman']],
  ['إسماعيل', ['Ismail']],
  ['كريم', ['Karim', 'Kareem']],
  ['جمال', ['Jamal', 'Gamal']],
  ['مراد', ['Murad', 'Mourad']],
  ['فاطمة', ['Fatima', 'Fatimah']],
  ['عائشة', ['Aisha']],
  ['مريم', ['Maryam', 'Mariam']],
  ['نورة', ['Noura', 'Nora']],
  ['هند', ['Hind']],
  ['سارة', ['Sara', 'Sarah']],
  ['خديجة', ['Khadija']],
  ['زينب', ['Zainab', 'Zeinab']],
  ['ليلى', ['Layla', 'Laila']],
];
const SYL: [string, string][] = [
  ['ka', 'ك'],
  ['ra', 'ر'],
  ['ma', 'م'],
  ['sa', 'س'],
  ['ta', 'ت'],
  ['ha', 'ح'],
  ['ba', 'ب'],
  ['da', 'د'],
  ['na', 'ن'],
  ['la', 'ل'],
  ['fa', 'ف'],
  ['ja', 'ج'],
  ['qa', 'ق'],
  ['sha', 'ش'],
  ['za', 'ز'],
  ['wa', 'و'],
  ['kha', 'خ'],
  ['ghu', 'غ'],
  ['mu', 'م'],
  ['su', 'س'],
  ['di', 'د'],
  ['ri', 'ر'],
  ['ni', 'ن'],
  ['li', 'ل'],
  ['mi', 'م'],
  ['tu', 'ط'],
  ['si', 'ص'],
  ['bu', 'ب'],
  ['hu', 'ه'],
  ['ku', 'ك'],
];
const WEST_FIRST = [
  'James',
  'John',
  'Robert',
  'Michael',
  'William',
  'David',
  'Richard',
  'Joseph',
  'Thomas',
  'Charles',
  'Mary',
  'Patricia',
  'Jennifer',
  'Linda',
  'Elizabeth',
  'Barbara',
  'Susan',
  'Jessica',
  'Sarah',
  'Karen',
  'Peter',
  'Paul',
  'Mark',
  'George',
  'Steven',
  'Andrew',
  'Anna',
  'Maria',
  'Olga',
  'Ivan',
  'Sergei',
  'Dmitri',
  'Alexei',
  'Hans',
  'Klaus',
  'Pierre',
  'Jean',
  'Luca',
  'Marco',
  'Carlos',
  'Jose',
  'Juan',
  'Ana',
  'Sofia',
  'Elena',
  'Viktor',
  'Igor',
  'Natalia',
  'Emma',
  'Oliver',
];
const WEST_LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Miller',
  'Davis',
  'Wilson',
  'Anderson',
  'Taylor',
  'Thomas',
  'Moore',
  'Martin',
  'Jackson',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Green',
  'Baker',
  'Adams',
  'Nelson',
  'Carter',
  'Mitchell',
  'Roberts',
  'Turner',
  'Phillips',
  'Campbell',
  'Parker',
  'Evans',
  'Edwards',
  'Collins',
  'Stewart',
  'Ivanov',
  'Petrov',
  'Sidorov',
  'Popov',
  'Volkov',
  'Muller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Rossi',
  'Russo',
  'Garcia',
  'Martinez',
  'Lopez',
  'Gonzalez',
  'Dubois',
  'Moreau',
  'Kowalski',
  'Novak',
];
const WEST_SUFFIX = ['son', 'berg', 'ton', 'ley', 'field', 'man', 'ford', 'wood', 'stein', 'ov', 'enko', 'ski', 'er', 'ini', 'ez'];
const WEST_STEM = [
  'Har',
  'Ross',
  'Mel',
  'Bran',
  'Kel',
  'Dal',
  'Fer',
  'Gol',
  'Hol',
  'Lind',
  'Mor',
  'Nor',
  'Pet',
  'Ros',
  'Sal',
  'Tor',
  'Val',
  'Wil',
  'Ash',
  'Bel',
  'Cor',
  'Dun',
  'Ell',
  'Fin',
  'Gar',
  'Hen',
  'Jor',
  'Kar',
  'Lar',
  'Mar',
];
const SA_FIRST = [
  'Rajesh',
  'Sanjay',
  'Amit',
  'Sunil',
  'Anil',
  'Vijay',
  'Ravi',
  'Priya',
  'Pooja',
  'Neha',
  'Imran',
  'Asif',
  'Farhan',
  'Bilal',
  'Usman',
  'Tariq',
  'Zahid',
  'Kamran',
  'Naveed',
  'Shahid',
  'Arjun',
  'Rahul',
  'Deepak',
  'Suresh',
  'Ramesh',
  'Kavita',
  'Sunita',
  'Ayesha',
  'Sana',
  'Nadia',
];
const SA_LAST = [
  'Sharma',
  'Verma',
  'Gupta',
  'Singh',
  'Kumar',
  'Patel',
  'Shah',
  'Mehta',
  'Joshi',
  'Reddy',
  'Rao',
  'Nair',
  'Iyer',
  'Khan',
  'Ahmed',
  'Malik',
  'Chaudhry',
  'Qureshi',
  'Siddiqui',
  'Butt',
  'Rana',
  'Mirza',
  'Baig',
  'Sheikh',
  'Javed',
  'Iqbal',
  'Akhtar',
  'Hussain',
  'Raza',
  'Abbasi',
];
const ORG_WORD = [
  'Atlas',
  'Horizon',
  'Summit',
  'Pioneer',
  'Falcon',
  'Eagle',
  'Orient',
  'Crescent',
  'Phoenix',
  'Nova',
  'Delta',
  'Zenith',
  'Apex',
  'Vertex',
  'Pinnacle',
  'Sterling',
  'Royal',
  'Imperial',
  'Golden',
  'Silver',
  'Blue',
  'Green',
  'Red',
  'Star',
  'Sun',
  'Ocean',
  'Desert',
  'Palm',
  'Oasis',
  'Cedar',
];
const ORG_KIND = [
  'Trading',
  'Exchange',
  'Shipping',
  'Logistics',
  'Contracting',
  'Investment',
  'Holding',
  'Petroleum',
  'Technologies',
  'Industries',
  'Foods',
  'Textiles',
  'Marine',
  'Aviation',
  'Pharma',
];
const LEGAL = ['LLC', 'Ltd', 'Co.', 'Corp', 'Inc', 'GmbH', 'PJSC', 'FZE', 'Co. W.L.L.', 'Limited', 'S.A.', 'Est.'];
const AR_ORG_LEGAL = ['شركة', 'مؤسسة'];
const AR_ORG_KIND = ['للتجارة', 'للصرافة', 'للمقاولات', 'القابضة', 'للشحن'];
const COUNTRIES = ['SA', 'AE', 'KW', 'QA', 'BH', 'OM', 'EG', 'JO', 'IQ', 'SY', 'YE', 'LB', 'SD', 'LY', 'PK', 'IN', 'AF', 'IR', 'RU', 'GB', 'US', 'DE', 'FR'];

function arabicFamily(): [string, string] {
  const n = rnd() < 0.6 ? 2 : 3;
  let la = '';
  let ar = '';
  for (let i = 0; i < n; i++) {
    const s = pick(SYL);
    la += s[0];
    ar += s[1];
  }
  return [`Al-${la[0]!.toUpperCase()}${la.slice(1)}i`, `ال${ar}ي`];
}
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
function brand(): string {
  let s = '';
  for (let i = 0; i < 2 + Math.floor(rnd() * 2); i++) s += pick(SYL)[0];
  return cap(s);
}
function dob(): string[] {
  const y = 1940 + Math.floor(rnd() * 65);
  if (rnd() < 0.2) return [String(y)];
  if (rnd() < 0.3) return [];
  return [`${y}-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`];
}

export interface Gen {
  entry: ImportedEntry;
  /** Latin and Arabic renditions of the primary person, for making queries */
  parts?: { given: [string, string[]][]; family: [string, string] };
}

export function generate(i: number): Gen {
  const r = rnd();
  const id = `B${i}`;
  if (r < 0.45) {
    const given = [pick(AR_GIVEN), pick(AR_GIVEN), ...(rnd() < 0.5 ? [pick(AR_GIVEN)] : [])];
    const family =
      rnd() < 0.3
        ? ([
            `Al-${cap(pick(['harbi', 'qahtani', 'dosari', 'shammari', 'otaibi', 'ghamdi', 'zahrani', 'mutairi', 'anazi', 'shehri', 'tamimi', 'hashimi']))}`,
            '',
          ] as [string, string])
        : arabicFamily();
    const latin = [...given.map((g) => pick(g[1])), family[0]].join(' ');
    const names: ImportedEntry['names'] = [{ value: latin, kind: 'Primary' }];
    if (family[1] && rnd() < 0.6) names.push({ value: [...given.map((g) => g[0]), family[1]].join(' '), kind: 'Alias' });
    if (rnd() < 0.2) names.push({ value: [...given.map((g) => pick(g[1])), family[0]].join(' '), kind: 'Alias' });
    return {
      entry: {
        externalId: id,
        type: 'Individual',
        names,
        dobs: dob(),
        gender: null,
        nationalityCodes: [pick(COUNTRIES)],
        identities: rnd() < 0.3 ? [{ type: 'Passport', number: `P${Math.floor(rnd() * 1e9)}` }] : [],
      },
      parts: { given, family },
    };
  }
  if (r < 0.7) {
    const last = rnd() < 0.5 ? pick(WEST_LAST) : pick(WEST_STEM) + pick(WEST_SUFFIX);
    const name = `${pick(WEST_FIRST)} ${rnd() < 0.3 ? pick(WEST_FIRST) + ' ' : ''}${last}`;
    return {
      entry: {
        externalId: id,
        type: 'Individual',
        names: [{ value: name, kind: 'Primary' }],
        dobs: dob(),
        nationalityCodes: [pick(COUNTRIES)],
        identities: [],
      },
    };
  }
  if (r < 0.85) {
    const name = `${pick(SA_FIRST)} ${rnd() < 0.4 ? pick(SA_FIRST) + ' ' : ''}${pick(SA_LAST)}${rnd() < 0.5 ? ' ' + pick(SA_LAST) : ''}`;
    return {
      entry: {
        externalId: id,
        type: 'Individual',
        names: [{ value: name, kind: 'Primary' }],
        dobs: dob(),
        nationalityCodes: [pick(COUNTRIES)],
        identities: [],
      },
    };
  }
  const b = rnd() < 0.5 ? brand() : pick(ORG_WORD) + ' ' + brand();
  const names: ImportedEntry['names'] = [{ value: `${b} ${pick(ORG_KIND)} ${pick(LEGAL)}`, kind: 'Primary' }];
  if (rnd() < 0.3) names.push({ value: `${pick(AR_ORG_LEGAL)} ${b} ${pick(AR_ORG_KIND)}`, kind: 'Alias' });
  return { entry: { externalId: id, type: 'Organization', names, dobs: [], nationalityCodes: [pick(COUNTRIES)], identities: [] } };
}

/** A query for a generated Arabic-name entry: another spelling, Arabic script, or missing middle name. */
export function variantQuery(g: Gen): string | null {
  if (!g.parts) return null;
  const { given, family } = g.parts;
  const r = rnd();
  if (r < 0.35 && family[1]) return [...given.map((x) => x[0]), family[1]].join(' ');
  if (r < 0.6) return [given[0]![1][given[0]![1].length - 1]!, family[0]].join(' ').replace(/^/, '') + '';
  if (r < 0.8) return [family[0].replace('Al-', 'Al '), ...given.map((x) => pick(x[1]))].join(' ');
  return [...given.map((x) => pick(x[1])), family[0].replace('Al-', 'Al')].join(' ');
}
