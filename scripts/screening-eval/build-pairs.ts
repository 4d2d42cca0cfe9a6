/**
 * Builds scripts/screening-eval/pairs.json, the labeled evaluation set (run once:
 * `npx tsx scripts/screening-eval/build-pairs.ts`; the JSON is committed).
 * Spelling tables here are written independently of names-dictionary.ts (and include
 * names the dictionary does not know), so the set is not the engine's own mirror.
 * Labels are by construction: same person → match; different person → nonmatch.
 */
import fs from 'node:fs';
import path from 'node:path';

type Var = [arabic: string, latin: string[]];
const GIVEN_M: Var[] = [
  ['محمد', ['Mohammed', 'Muhammad', 'Mohamed', 'Mohamad', 'Mouhamad', 'Mohd']],
  ['أحمد', ['Ahmed', 'Ahmad', 'Ahmet']],
  ['عبد الرحمن', ['Abdulrahman', 'Abd Al-Rahman', 'Abdel Rahman', 'Abdurrahman', 'Abdelrahmane']],
  ['عبد الله', ['Abdullah', 'Abdallah', 'Abd Allah', 'Abdulla']],
  ['عبد العزيز', ['Abdulaziz', 'Abdelaziz', 'Abd Al-Aziz']],
  ['خالد', ['Khalid', 'Khaled', 'Khaalid']],
  ['يوسف', ['Yousef', 'Youssef', 'Yusuf', 'Yousif']],
  ['إبراهيم', ['Ibrahim', 'Ebrahim', 'Ibraheem']],
  ['عمر', ['Omar', 'Umar', 'Omer']],
  ['علي', ['Ali', 'Aly']],
  ['حسين', ['Hussein', 'Husain', 'Hussain']],
  ['سعيد', ['Saeed', 'Said', 'Saied']],
  ['فيصل', ['Faisal', 'Faysal', 'Feisal']],
  ['طارق', ['Tariq', 'Tarek', 'Tareq']],
  ['ناصر', ['Nasser', 'Nasir', 'Naser']],
  ['سلطان', ['Sultan', 'Soltan']],
  ['ماجد', ['Majid', 'Majed']],
  ['وليد', ['Walid', 'Waleed']],
  ['هشام', ['Hisham', 'Hesham', 'Hicham']],
  ['مصطفى', ['Mustafa', 'Mostafa', 'Moustafa']],
  ['زياد', ['Ziad', 'Ziyad', 'Zeyad']],
  ['بدر', ['Badr', 'Bader']],
  ['منصور', ['Mansour', 'Mansoor', 'Mansur']],
  ['جاسم', ['Jassim', 'Jasem', 'Jasim']],
  ['راكان', ['Rakan', 'Raakan']],
  ['مشاري', ['Mishari', 'Meshari', 'Mishary']],
  ['سامي', ['Sami', 'Samy']],
  ['عادل', ['Adel', 'Adil']],
  ['نواف', ['Nawaf', 'Nawwaf']],
  ['تركي', ['Turki', 'Torki']],
  ['حمد', ['Hamad', 'Hammad']],
  ['صالح', ['Saleh', 'Salih']],
];
const GIVEN_F: Var[] = [
  ['فاطمة', ['Fatima', 'Fatimah', 'Fatma']],
  ['عائشة', ['Aisha', 'Aysha', 'Aicha']],
  ['مريم', ['Maryam', 'Mariam']],
  ['نورة', ['Noura', 'Nora', 'Nourah']],
  ['هند', ['Hind', 'Hend']],
  ['لطيفة', ['Latifa', 'Lateefa']],
  ['منيرة', ['Munira', 'Mounira', 'Muneera']],
  ['شيخة', ['Shaikha', 'Sheikha', 'Shaykha']],
];
const FAMILY: Var[] = [
  ['الحربي', ['Al-Harbi', 'Alharbi', 'Al Harby', 'El-Harbi']],
  ['القحطاني', ['Al-Qahtani', 'Alqahtani', 'Al Kahtani']],
  ['الدوسري', ['Al-Dosari', 'Aldossary', 'Al Dawsari']],
  ['الشمري', ['Al-Shammari', 'Alshamari', 'Al Shammary']],
  ['العتيبي', ['Al-Otaibi', 'Alotaibi', 'Al Oteibi']],
  ['الزهراني', ['Al-Zahrani', 'Alzahrani', 'Al Zahrany']],
  ['الغامدي', ['Al-Ghamdi', 'Alghamdi', 'Al Ghamedi']],
  ['المطيري', ['Al-Mutairi', 'Almutairi', 'Al Mutairy']],
  ['البلوشي', ['Al-Balushi', 'Albalooshi', 'Al Baloushi']],
  ['الكعبي', ['Al-Kaabi', 'Alkaabi', 'Al Kaebi']],
  ['المنصوري', ['Al-Mansouri', 'Almansoori', 'Al Mansoori']],
  ['النعيمي', ['Al-Nuaimi', 'Alnuaimi', 'Al Naimi']],
  ['الجبوري', ['Al-Jubouri', 'Aljuboori', 'Al Jabouri']],
  ['التميمي', ['Al-Tamimi', 'Altamimi', 'Al Temimi']],
  ['الهاشمي', ['Al-Hashimi', 'Alhashemi', 'El Hashemi']],
  ['السويدي', ['Al-Suwaidi', 'Alsuwaidi', 'Al Swaidi']],
  ['الخطيب', ['Al-Khatib', 'Alkhateeb', 'El Khatib']],
  ['الشهري', ['Al-Shehri', 'Alshahri', 'Al Shehry']],
  ['العنزي', ['Al-Anazi', 'Alenezi', 'Al Enezi']],
  ['الرشيدي', ['Al-Rashidi', 'Alrasheedi', 'Al Rasheedi']],
  ['الفارس', ['Al-Fares', 'Alfaris', 'Al Faris']],
  ['السلمي', ['Al-Sulami', 'Alsulami', 'Al Selmi']],
  ['البكري', ['Al-Bakri', 'Albakry', 'El Bakri']],
  ['حداد', ['Haddad', 'Hadad']],
];
const WEST_FIRST: string[][] = [
  ['John', 'Jon'],
  ['Stephen', 'Steven'],
  ['Catherine', 'Katherine', 'Kathryn'],
  ['Michael', 'Micheal'],
  ['Sara', 'Sarah'],
  ['Jeffrey', 'Geoffrey'],
  ['Philip', 'Phillip'],
  ['Ann', 'Anne'],
  ['Alexander', 'Aleksandr'],
  ['Sergei', 'Sergey'],
  ['Dmitri', 'Dmitry'],
  ['Yuri', 'Yury'],
  ['Mark', 'Marc'],
  ['Eric', 'Erik'],
  ['Carl', 'Karl'],
  ['Peter', 'Pieter'],
];
const WEST_LAST: string[][] = [
  ['Smith', 'Smyth'],
  ['Thompson', 'Thomson'],
  ['Petrov', 'Petroff'],
  ['Ivanov', 'Ivanoff'],
  ['Carter'],
  ['Johnson', 'Jonson'],
  ['Meyer', 'Meier', 'Mayer'],
  ['Schmidt', 'Schmitt'],
  ["O'Brien", 'OBrien'],
  ['MacDonald', 'McDonald'],
  ['Fischer', 'Fisher'],
  ['Kowalski', 'Kovalski'],
  ['Novak', 'Nowak'],
  ['Kuznetsov', 'Kuznetsoff'],
  ['Gonzalez', 'González'],
  ['Muller', 'Müller', 'Mueller'],
];
const SA_FIRST: string[][] = [
  ['Rajesh', 'Rajesh'],
  ['Mohammad', 'Muhammad'],
  ['Imran'],
  ['Sanjay', 'Sanjai'],
  ['Abdul Karim', 'Abdulkarim'],
  ['Farhan'],
  ['Priya', 'Priyah'],
  ['Asif', 'Aasif'],
];
const SA_LAST: string[][] = [
  ['Sharma', 'Sharmah'],
  ['Khan'],
  ['Iqbal', 'Ikbal'],
  ['Chaudhry', 'Chaudhary', 'Choudhry'],
  ['Hussain', 'Husain'],
  ['Patel'],
  ['Siddiqui', 'Siddiqi'],
  ['Qureshi', 'Kureshi'],
];
const ORG_WORDS: Var[] = [
  ['الراجحي', ['Al Rajhi', 'Alrajhi']],
  ['النور', ['Al Noor', 'Alnoor', 'Al Nour']],
  ['الفجر', ['Al Fajr', 'Alfajr']],
  ['الأمل', ['Al Amal', 'Alamal']],
  ['الرافدين', ['Al Rafidain', 'Alrafidain']],
  ['الصفا', ['Al Safa', 'Alsafa']],
  ['الهدى', ['Al Huda', 'Alhuda']],
  ['البركة', ['Al Baraka', 'Albaraka']],
  ['الخليج', ['Al Khaleej', 'Alkhaleej']],
  ['الريان', ['Al Rayan', 'Alrayan']],
  ['السلام', ['Al Salam', 'Assalam']],
  ['الاتحاد', ['Al Ittihad', 'Alittihad']],
];
const ORG_KIND: [string, string][] = [
  ['للصرافة', 'Exchange'],
  ['للتجارة', 'Trading'],
  ['للمقاولات', 'Contracting'],
  ['للشحن', 'Shipping'],
  ['القابضة', 'Holding'],
];
const LEGAL: [string, string[]][] = [
  ['شركة', ['Company', 'Co.', 'LLC', 'Co. LLC', 'Est.']],
  ['مؤسسة', ['Establishment', 'Est.', 'Foundation']],
];
const WEST_ORGS = [
  'Blue Ridge',
  'Northwind',
  'Harbor Point',
  'Silverline',
  'Redstone',
  'Greenfield',
  'Oakmont',
  'Crescent Star',
  'Polar Bear',
  'Sunrise Marine',
];

let seed = 20261122;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = <T>(a: T[]): T => a[Math.floor(rnd() * a.length)]!;
const pickOther = <T>(a: T[], not: T): T => {
  for (;;) {
    const x = pick(a);
    if (x !== not) return x;
  }
};
const pickOtherSpelling = (vs: string[], not: string) => (vs.length > 1 ? pickOther(vs, not) : vs[0]!);

interface Person {
  first: Var;
  father: Var;
  family: Var;
  female: boolean;
}
function person(): Person {
  const female = rnd() < 0.25;
  return { first: female ? pick(GIVEN_F) : pick(GIVEN_M), father: pick(GIVEN_M), family: pick(FAMILY), female };
}
const ar = (p: Person, withFather = true) => [p.first[0], ...(withFather ? [p.father[0]] : []), p.family[0]].join(' ');
const la = (p: Person, withFather = true, spell?: [string, string, string]) =>
  [spell?.[0] ?? p.first[1][0], ...(withFather ? [spell?.[1] ?? p.father[1][0]] : []), spell?.[2] ?? p.family[1][0]].join(' ');
const altSpell = (p: Person): [string, string, string] => [
  pickOtherSpelling(p.first[1], p.first[1][0]!),
  pickOtherSpelling(p.father[1], p.father[1][0]!),
  pickOtherSpelling(p.family[1], p.family[1][0]!),
];

function typo(s: string): string {
  const words = s.split(' ');
  let wi = 0;
  for (let i = 0; i < words.length; i++) if (words[i]!.length > words[wi]!.length) wi = i;
  const w = words[wi]!;
  const pos = 2 + Math.floor(rnd() * Math.max(1, w.length - 3));
  const kind = rnd();
  let nw: string;
  if (kind < 0.4)
    nw = w.slice(0, pos) + w.slice(pos + 1); // deletion
  else if (kind < 0.7)
    nw = w.slice(0, pos) + w[pos + 1] + w[pos] + w.slice(pos + 2); // transposition
  else nw = w.slice(0, pos) + w[pos] + w.slice(pos); // doubling
  words[wi] = nw;
  return words.join(' ');
}

interface Pair {
  id: string;
  label: 'match' | 'nonmatch';
  category: string;
  query: Record<string, unknown>;
  entry: {
    type: 'Individual' | 'Organization';
    names: { value: string; kind: 'Primary' | 'Alias' }[];
    dob?: string;
    gender?: string;
    nationalityCode?: string;
    identities?: { type: string; number: string }[];
  };
}
const pairs: Pair[] = [];
const add = (label: Pair['label'], category: string, query: Pair['query'], entry: Pair['entry']) =>
  pairs.push({ id: `p${String(pairs.length + 1).padStart(4, '0')}`, label, category, query, entry });
const indiv = (primary: string, alias?: string, extra: Partial<Pair['entry']> = {}): Pair['entry'] => ({
  type: 'Individual',
  names: [{ value: primary, kind: 'Primary' }, ...(alias ? [{ value: alias, kind: 'Alias' as const }] : [])],
  ...extra,
});

for (let k = 0; k < 40; k++) {
  // Arabic entry, Latin query (several spellings)
  const p = person();
  add('match', 'cross-script-ar-entry', { name: la(p, true, altSpell(p)) }, indiv(ar(p)));
}
for (let k = 0; k < 35; k++) {
  // Latin entry, Arabic query
  const p = person();
  add('match', 'cross-script-ar-query', { name: ar(p) }, indiv(la(p)));
}
for (let k = 0; k < 30; k++) {
  // Latin spelling variants
  const p = person();
  add('match', 'spelling-variant', { name: la(p, true, altSpell(p)) }, indiv(la(p)));
}
for (let k = 0; k < 20; k++) {
  // reordered tokens
  const p = person();
  const s = altSpell(p);
  add('match', 'reordered', { name: `${s[2]} ${s[0]} ${s[1]}` }, indiv(la(p)));
}
for (let k = 0; k < 25; k++) {
  // missing middle name (either side)
  const p = person();
  if (k % 2) add('match', 'missing-middle', { name: la(p, false, altSpell(p)) }, indiv(la(p)));
  else add('match', 'missing-middle', { name: la(p, true) }, indiv(la(p, false), ar(p, false)));
}
for (let k = 0; k < 15; k++) {
  // initials
  const p = person();
  const s = altSpell(p);
  add('match', 'initials', { name: `${s[0]![0]}. ${s[1]} ${s[2]}` }, indiv(la(p)));
}
for (let k = 0; k < 20; k++) {
  // particles: bin / ibn / honorifics
  const p = person();
  const s = altSpell(p);
  const q = k % 3 === 0 ? `${s[0]} bin ${s[1]} ${s[2]}` : k % 3 === 1 ? `Sheikh ${s[0]} ibn ${s[1]} ${s[2]}` : `${p.first[0]} بن ${p.father[0]} ${p.family[0]}`;
  add('match', 'particles', { name: q }, indiv(la(p)));
}
for (let k = 0; k < 20; k++) {
  // one typo
  const p = person();
  add('match', 'typo', { name: typo(la(p, true, altSpell(p))) }, indiv(la(p)));
}
for (let k = 0; k < 12; k++) {
  // same person with DOB and identity
  const p = person();
  const y = 1960 + Math.floor(rnd() * 40);
  const dob = `${y}-0${1 + (k % 9)}-1${k % 9}`;
  add(
    'match',
    'dob-identity',
    { name: la(p, true, altSpell(p)), dob: k % 2 ? dob : String(y), nationalityCode: 'SA' },
    indiv(la(p), ar(p), { dob, nationalityCode: 'SA' }),
  );
}
for (let k = 0; k < 16; k++) {
  // western / south asian spelling variants
  const [F, L] = k % 2 ? [WEST_FIRST, WEST_LAST] : [SA_FIRST, SA_LAST];
  const f = pick(F);
  const l = pick(L);
  add('match', 'latin-variant', { name: `${pickOtherSpelling(f, f[0]!)} ${pickOtherSpelling(l, l[0]!)}` }, indiv(`${f[0]} ${l[0]}`));
}
for (let k = 0; k < 24; k++) {
  // organizations across scripts and legal forms
  const w = pick(ORG_WORDS);
  const kind = pick(ORG_KIND);
  const legal = pick(LEGAL);
  const arName = `${legal[0]} ${w[0]} ${kind[0]}`;
  const enName = `${w[1][0]} ${kind[1]} ${pick(legal[1])}`;
  const q = k % 2 ? arName : `${pickOtherSpelling(w[1], w[1][0]!)} ${kind[1]} ${pick(legal[1])}`;
  add(
    'match',
    'organization',
    { name: q, type: 'Organization' },
    { type: 'Organization', names: [{ value: enName, kind: 'Primary' }, ...(k % 2 ? [] : [{ value: arName, kind: 'Alias' as const }])] },
  );
}

// ------------------------------------------------------------------ non-matches
for (let k = 0; k < 35; k++) {
  // different people sharing a family name
  const p = person();
  const other: Person = { ...p, first: pickOther(p.female ? GIVEN_F : GIVEN_M, p.first), father: pickOther(GIVEN_M, p.father) };
  add('nonmatch', 'shared-family', { name: k % 3 === 0 ? ar(other) : la(other, k % 2 === 0, altSpell(other)) }, indiv(la(p)));
}
for (let k = 0; k < 25; k++) {
  // same first and family, different father (3 vs 3 tokens)
  const p = person();
  const other: Person = { ...p, father: pickOther(GIVEN_M, p.father) };
  add('nonmatch', 'different-middle', { name: k % 2 ? ar(other) : la(other, true, altSpell(other)) }, indiv(la(p)));
}
for (let k = 0; k < 20; k++) {
  // common first name only
  const p = person();
  add('nonmatch', 'first-name-only', { name: k % 2 ? p.first[0] : pick(p.first[1]) }, indiv(la(p)));
}
for (let k = 0; k < 16; k++) {
  // legal-form / generic words only
  const w = pick(ORG_WORDS);
  const kind = pick(ORG_KIND);
  const legal = pick(LEGAL);
  const q = k % 4 === 0 ? 'CORP' : k % 4 === 1 ? `${kind[1]} ${pick(legal[1])}` : k % 4 === 2 ? `${legal[0]} ${kind[0]}` : 'General Trading Company LLC';
  add(
    'nonmatch',
    'legal-form-only',
    { name: q, type: 'Organization' },
    { type: 'Organization', names: [{ value: `${w[1][0]} ${kind[1]} ${pick(legal[1])}`, kind: 'Primary' }] },
  );
}
for (let k = 0; k < 20; k++) {
  // different organizations sharing kind and legal form
  const w = pick(ORG_WORDS);
  const w2 = pickOther(ORG_WORDS, w);
  const kind = pick(ORG_KIND);
  const legal = pick(LEGAL);
  const q = k % 2 ? `${legal[0]} ${w2[0]} ${kind[0]}` : `${pick(w2[1])} ${kind[1]} ${pick(legal[1])}`;
  add(
    'nonmatch',
    'different-organization',
    { name: q, type: 'Organization' },
    { type: 'Organization', names: [{ value: `${w[1][0]} ${kind[1]} ${pick(legal[1])}`, kind: 'Primary' }] },
  );
}
for (let k = 0; k < 10; k++) {
  // western organizations
  const a = pick(WEST_ORGS);
  const b = pickOther(WEST_ORGS, a);
  add(
    k % 2 ? 'match' : 'nonmatch',
    'western-organization',
    { name: `${k % 2 ? a : b} Holdings Ltd`, type: 'Organization' },
    { type: 'Organization', names: [{ value: `${a} Holdings Limited`, kind: 'Primary' }] },
  );
}
for (let k = 0; k < 25; k++) {
  // unrelated people
  const p = person();
  let o = person();
  while (o.family === p.family) o = person();
  add('nonmatch', 'unrelated', { name: k % 2 ? ar(o) : la(o, true, altSpell(o)) }, indiv(la(p), ar(p)));
}
for (let k = 0; k < 16; k++) {
  // western / south asian different people with a shared part
  const [F, L] = k % 2 ? [WEST_FIRST, WEST_LAST] : [SA_FIRST, SA_LAST];
  const f = pick(F);
  const l = pick(L);
  const q = k % 4 < 2 ? `${pickOther(F, f)[0]} ${l[0]}` : `${f[0]} ${pickOther(L, l)[0]}`;
  add('nonmatch', 'latin-shared-part', { name: q }, indiv(`${f[0]} ${l[0]}`));
}
for (let k = 0; k < 10; k++) {
  // same name, conflicting DOB and nationality (different person)
  const p = person();
  add(
    'nonmatch',
    'dob-conflict',
    { name: la(p), dob: '1990-05-05', nationalityCode: 'EG' },
    indiv(la(p, true, altSpell(p)), undefined, { dob: '1961-01-20', nationalityCode: 'SA' }),
  );
}

const out = path.join(import.meta.dirname, 'pairs.json');
fs.writeFileSync(out, JSON.stringify(pairs, null, 1) + '\n');
console.log(`${pairs.length} pairs (${pairs.filter((p) => p.label === 'match').length} matches) → ${out}`);
