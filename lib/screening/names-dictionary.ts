/**
 * Canonical keys for frequent Arabic given names, name stems and family names.
 * Each line: canonical Latin key | Arabic spellings (without ال) | other Latin spellings.
 * Latin spellings map to the canonical key; Arabic spellings (normalized with
 * normalizeArabic) map to it too, which is what makes محمد and "Mohd" meet.
 * Names not listed still match through Jaro-Winkler and the consonant skeleton.
 */
import { normalizeArabic } from './arabic';

const DATA = `
muhammad|محمد|maxamed,mahamed,mahammad,mohammed,mohammad,mohamed,mohamad,muhammed,muhamad,muhamed,mohd,muhd,mohamud,mohammod,mohummad,mahomed,mehmet,mehmed,mohmmed,mohamaed,mhd,mohmed,muhammet
ahmad|احمد|ahmed,ahmet,ahmid,ahamed,ahmaad
mahmud|محمود|mahmoud,mahmood,mehmood,mahmod,mehmoud,mehmud,makhmud,makhmoud
mustafa|مصطفي|mostafa,moustafa,mustapha,mostapha,mustafah
ali|علي|aly,alee
umar|عمر|omar,omer,oumar,umer
uthman|عثمان|othman,osman,usman,uthmaan,othmane,osmane
husayn|حسين|hussein,husein,hussain,husain,hosein,hossein,husseini,hussien,hussen,hosain
hasan|حسن|hassan,hasen,hassen,hasaan
khalid|خالد|khaled,khalied,khaalid,haled
khalil|خليل|khaleel,khalel
yusuf|يوسف|yousef,youssef,yousif,yusef,yousuf,yossef,yusif,youcef,jusuf
ibrahim|ابراهيم|ebrahim,ibraheem,ibraim,ebraheem,brahim
ismail|اسماعيل|ismael,ismaeel,esmail,ismaiel,ismayil
ishaq|اسحاق|ishak,ishaaq,isaac
yaqub|يعقوب|yacoub,yaqoob,yakub,yaqoub,yakoub
musa|موسي|mousa,moosa,mussa,moussa
isa|عيسي|eisa,issa,esa
sulayman|سليمان|suleiman,sulaiman,soliman,sulayman,suleyman,sleiman,solaiman
dawud|داود|dawood,dawoud,daoud,daud,dawud
nasir|ناصر|nasser,naser,nacer,nassir
nasr|نصر|naser,nassr
said|سعيد|saeed,saied,sayeed,saiid
saad|سعد|sad,saadd
saud|سعود|saoud,saood
fahd|فهد|fahad,fahed
faisal|فيصل|faysal,feisal,faycal,faisel
sultan|سلطان|soltan,sultaan
salman|سلمان|selman,salmaan
salih|صالح|saleh,salah,saleeh
salim|سالم|salem,saalim
majid|ماجد|majed,maged,magid
rashid|راشد|rashed,rachid
rashid|رشيد|rasheed,rachid,rashied
hamid|حامد|hamed,haamid
hamid|حميد|hameed,hamied
hamad|حمد|hammad
hamza|حمزه|hamzah,hamzeh,hamsa
tariq|طارق|tarek,tareq,tarik,tarik
walid|وليد|waleed,oualid,walied
yasir|ياسر|yasser,yaser,yassir
yahya|يحيي|yahia,yehia,yahyaa,yehya
zakariya|زكريا|zakaria,zakariya,zakariyya,zakaria
zayd|زيد|zaid,zeid,zayed
zayn|زين|zain,zein,zayn
jamal|جمال|gamal,jamaal,jamel,djamel,djamal,gamel
jamil|جميل|jameel,gamil,gameel
karim|كريم|kareem,karem,kerim
abd|عبد|
rahman|رحمن|rehman,rahmaan,rahmane
rahim|رحيم|raheem,rahiem
aziz|عزيز|azeez,azis
lah|له|llah,allah
latif|لطيف|lateef,latef
majid|مجيد|majeed,mageed
malik|مالك|malek,maalik
qadir|قادر|kader,qader,kadir,qadeer
jabbar|جبار|jabar
wahab|وهاب|wahhab,wahaab
hadi|هادي|hady
hakim|حكيم|hakeem
nur|نور|noor,nour
din|دين|deen,eddin,uddin,ud-din,eddine
amin|امين|ameen,emin,amine
anwar|انور|anwer
adil|عادل|adel,adeel
adnan|عدنان|adnaan
ayman|ايمن|aiman,eyman
bakr|بكر|bakar,baker,bakir
bilal|بلال|belal,bilaal
fawaz|فواز|fawwaz
fuad|فواد|fouad,fuad,foad
ghassan|غسان|gassan,ghasan
habib|حبيب|habeeb
haytham|هيثم|haitham,heitham,haisam
hisham|هشام|hesham,hicham,hishaam
imad|عماد|emad,imad
jafar|جعفر|jaafar,jafer,djafar
kamal|كمال|kemal,kamaal,kamel
mansur|منصور|mansour,mansoor
marwan|مروان|marwaan
munir|منير|mounir,muneer
murad|مراد|mourad,murat
nabil|نبيل|nabeel
naif|نايف|nayef,naef,nayif
nawaf|نواف|nawwaf
qasim|قاسم|kassem,qassem,qasem,kasim,gassim,qassim
ramadan|رمضان|ramadhan,ramazan
riyad|رياض|riad,riyadh,riyad
sami|سامي|samy
samir|سمير|sameer,semir
sharif|شريف|shareef,cherif,sherif
shadi|شادي|shady
talal|طلال|talaal
tamir|تامر|tamer,thamer
turki|تركي|torki
usama|اسامه|osama,ossama,usamah,osamah,oussama
wail|وائل|wael,wa'il,wayel
ziyad|زياد|ziad,zeyad,ziyad
abbas|عباس|abas
anas|انس|anass
bandar|بندر|bander
fahim|فهيم|faheem
ghazi|غازي|gazi,ghazy
idris|ادريس|idrees,edris,driss
iyad|اياد|eyad,iyadh
jasim|جاسم|jassim,jasem,jassem
mishal|مشعل|meshal,mishaal,mishaal
muhsin|محسن|mohsen,mohsin,muhsen
mubarak|مبارك|mobarak,moubarak
mutlaq|مطلق|mutlaq,mutlak
nayif|نايف|
sayyid|سيد|sayed,said,sayid,seyed,syed,sayyed,seyyed,saiyid,seyyid,sayeed,sayyad,seyyed
fatima|فاطمه|fatimah,fatma,fatema,fatimeh,fatmah
aisha|عايشه|aishah,aicha,ayesha,ayisha,aysha,aisha
khadija|خديجه|khadijah,khadeeja,khadidja
maryam|مريم|mariam,meryem,mariem,maryem
zaynab|زينب|zainab,zeinab,zaineb
nura|نوره|noura,nora,nourah,norah
sara|ساره|sarah
huda|هدي|hoda,houda
layla|ليلي|laila,leila,leyla,laylah
amina|امينه|aminah,ameena,emine
hind|هند|hend
reem|ريم|rim,reema
asma|اسماء|asmaa,asmah
halima|حليمه|halimah,haleema
salma|سلمي|selma
latifa|لطيفه|latifah,lateefa
harbi|حربي|harby
qahtani|قحطاني|kahtani,qahtany,gahtani
dosari|دوسري|dossary,dosary,dossari,dawsari
shamri|شمري|shammari,shamary,shammary
mutayri|مطيري|mutairi,mutiri,mutairy,mutiry
otaibi|عتيبي|otaiby,utaybi,oteibi,otaibi
ghamdi|غامدي|ghamedi,gamdi,ghamdy
zahrani|زهراني|zahrany
shahri|شهري|shehri,shahry,shehry
anzi|عنزي|enezi,anazi,enazi,anezi
subai|سبيعي|subaie,subaiei,subaii
juhani|جهني|johani,jehani
malki|مالكي|maliki,malky
tamimi|تميمي|temimi,tamimy
hashimi|هاشمي|hashemi,hachemi,hashmi
masri|مصري|masry,misri
baghdadi|بغدادي|bagdadi
zarqawi|زرقاوي|zarkawi
rajhi|راجحي|rajehi,rajhy
saud|سعود|
nahyan|نهيان|nahayan
maktum|مكتوم|maktoum,maktoom
thani|ثاني|thany,sani
sabah|صباح|
khalifa|خليفه|khalifah,khalefa,kalifa
muhannad|مهند|mohannad,mouhannad,muhanad,mohanad
zaydan|زيدان|zaidan,zeidan,zidan,zidane,zeydan
muammar|معمر|moammar,muamar,moamar,muammer,moamer
jabir|جابر|jaber,djaber,gaber,jabeur
mukhtar|مختار|mokhtar,muktar,mochtar,moukhtar,mukhtaar,mokhtaar
agha|اغا|aga,aqa,agah
khan|خان|
jan|جان|jaan
akhund|اخوند|akhoond,akhun,akhond
hafiz|حافظ|hafez,hafeez
ghulam|غلام|gholam,golam,gulam,ghoulam
rida|رضا|reza,riza,ridha,raza,redha
mahdi|مهدي|mehdi,mahdy,mehdy
jawad|جواد|javad,jawwad,djawad
faruq|فاروق|farooq,farouk,farouq,faruk,farook
tahir|طاهر|taher,tahar,taheer
bashir|بشير|basheer,bachir,bechir
nazir|نذير|nazeer,nadhir
zahir|ظاهر|zaher,dhahir,zahir
jalil|جليل|jaleel,djalil,galil
sadiq|صادق|sadeq,sadek,saddiq,sadik
wali|ولي|walee,vali,vali
yunus|يونس|younis,yunis,younes,younous,younus,yunes,yunous
tawfiq|توفيق|tawfik,toufik,taufik,tofik,tawfeeq
iqbal|اقبال|ekbal,ikbal
akbar|اكبر|akber
asghar|اصغر|asgar,asghar
hashim|هاشم|hashem,hachem,hasheem
imran|عمران|emran,omran,imraan
alexander||alex,aleksandr,alexandr,aleksander,oleksandr,olexandr,alyaksandr,alexandre,aliaksandr
alexey||aleksey,alexei,aleksei,oleksiy,oleksii,aliaksei,oleksei
sergey||sergei,serhiy,sergiy,siarhei,sergej,serguei,serghei,serhii
dmitry||dmitriy,dmitri,dmytro,dzmitry,dimitri,dimitry,dmitrii
vladimir||volodymyr,uladzimir,wladimir
nikolay||nikolai,mykola,mikalai,nicolai,nikolaj,nicholas,nicolas,nikolas,niculae
andrey||andrei,andriy,andrii,andrej
yuriy||yuri,yury,yurii,iurii,jurij,juri,jury,yurij,iouri
viktor||victor,viktar,wiktor
igor||ihar,ihor
mikhail||mykhailo,mikhael,michail,mikhailo
yevgeny||evgeny,yevgeniy,evgeni,yevhen,evgenii,evgeniy,yevgeni
oleg||oleh,aleh
lidia||lydia,lidiya,lidziya,lidija,lidiia
ri||lee,li,yi,rhee,rii
elena||yelena,helen,helena,jelena,alena,alyona,olena,ellena,hellen,yelyena
gennady||gennadiy,gennadi,genadiy,henadzi,genadziy,hennadiy,gennadii,genadi,hennadii
konstantin||kostiantyn,konstantyn,kanstantsin,constantin,constantine,kostyantyn
zakhar||zachar,zakhary,zachary,zachari,zajar,zakharii
`;

/** Latin spelling → canonical key. */
export const LATIN_NAME_TO_CANONICAL = new Map<string, string>();
/** Normalized Arabic spelling (without ال) → canonical Latin key. */
export const ARABIC_NAME_TO_CANONICAL = new Map<string, string>();
/** Canonical keys of given names so frequent that they alone identify nobody. */
export const COMMON_GIVEN_NAMES = new Set([
  'muhammad', 'ahmad', 'ali', 'abdla', 'abdlah', 'hasan', 'husayn', 'umar', 'khalid', 'ibrahim',
  'yusuf', 'abdrahman', 'mahmud', 'mustafa', 'fatima', 'aisha', 'maryam', 'sara', 'nur', 'said',
  'salih', 'saad', 'abdaziz',
  // further given names frequent enough that alone, or two of them together, they identify nobody
  'amin', 'abdkarim', 'abdhamid', 'abdrahim', 'abdqadir', 'abdsalam', 'abdmajid', 'abdlatif', 'abdhadi', 'rahman', 'rahim',
  'hamid', 'hamad', 'karim', 'aziz', 'salim', 'sulayman', 'ismail', 'yahya', 'isa', 'musa', 'yaqub', 'ishaq', 'uthman',
  'jafar', 'qasim', 'abbas', 'tariq', 'bilal', 'hamza', 'anas', 'usama', 'rida', 'mahdi', 'habib', 'nasir', 'rashid', 'majid',
  'walid', 'yasir', 'imran', 'faruq', 'ghulam', 'jamal', 'kamal', 'adil', 'zayd', 'khalil', 'jamil', 'anwar', 'sharif',
  'mansur', 'tahir', 'bashir', 'yunus', 'idris', 'ayman', 'hashim', 'iqbal', 'akbar', 'asghar', 'zaynab', 'khadija', 'amina',
  'nurudin', 'salihudin', 'shamsudin', 'saifulla', 'ahmadulla', 'muhammadulla', 'hafiz', 'ghulam', 'dawud', 'sayyid',
  'alexander', 'alexey', 'sergey', 'dmitry', 'vladimir', 'nikolay', 'andrey', 'yuriy', 'viktor', 'igor', 'mikhail', 'ivan',
  'yevgeny', 'oleg', 'john', 'james', 'david', 'michael', 'peter', 'paul', 'jose', 'juan', 'carlos', 'luis', 'maria',
  'kim', 'ri', 'li', 'lee', 'pak', 'park', 'choe', 'choi', 'wang', 'zhang', 'chen', 'liu', 'yang', 'huang', 'zhao', 'wu', 'zhou',
  // family names so frequent that they distinguish nobody either
  'smith', 'johnson', 'williams', 'brown', 'jones', 'miller', 'davis', 'wilson', 'garcia', 'rodriguez', 'martinez', 'hernandez',
  'lopez', 'gonzalez', 'perez', 'sanchez', 'ramirez', 'torres', 'flores', 'rivera', 'gomez', 'diaz', 'cruz', 'morales', 'reyes',
  'ivanov', 'ivanova', 'petrov', 'petrova', 'smirnov', 'smirnova', 'kuznetsov', 'popov', 'nguyen', 'tran', 'le', 'singh',
  'kumar', 'shah', 'hoang', 'pham',
  // Korean family names and given-name syllables (a Korean name is three of them)
  'jong', 'jeong', 'chong', 'kang', 'cho', 'jo', 'yun', 'jang', 'chang', 'rim', 'lim', 'han', 'so', 'sin', 'shin', 'kwon',
  'hwang', 'an', 'song', 'ryu', 'hong', 'jon', 'ko', 'mun', 'son', 'pae', 'paek', 'nam', 'sim', 'ha', 'cha', 'ju', 'min',
  'chol', 'il', 'yong', 'hyok', 'myong', 'chun', 'ho', 'su', 'hui', 'ok', 'sun', 'kwang', 'gwang', 'jin', 'hun', 'hak', 'guk',
  'ryong', 'sok', 'yon', 'hyon', 'chan', 'won', 'dok', 'gil', 'kil', 'sung', 'young', 'hyun', 'jun', 'min', 'soo',
]);

for (const line of DATA.split('\n')) {
  const t = line.trim();
  if (!t) continue;
  const [canonical, arabic = '', latin = ''] = t.split('|');
  if (!canonical) continue;
  for (const a of arabic.split(',')) {
    const k = normalizeArabic(a.trim());
    if (k && !ARABIC_NAME_TO_CANONICAL.has(k)) ARABIC_NAME_TO_CANONICAL.set(k, canonical);
  }
  for (const l of latin.split(',')) {
    const k = l.trim().replace(/[^a-z]/g, '');
    // first listing wins (e.g. "said" stays سعيد rather than سيد)
    if (k && k !== canonical && !LATIN_NAME_TO_CANONICAL.has(k)) LATIN_NAME_TO_CANONICAL.set(k, canonical);
  }
}
/** Canonical keys of the dictionary (distinct known names). */
export const KNOWN_CANONICAL = new Set<string>();
for (const line of DATA.split('\n')) {
  const c = line.trim().split('|')[0];
  if (c) KNOWN_CANONICAL.add(c);
}
/** Dictionary keys that are family (tribal, nisba) names rather than given names. */
export const FAMILY_CANONICAL = new Set([
  'harbi', 'qahtani', 'dosari', 'shamri', 'mutayri', 'otaibi', 'ghamdi', 'zahrani', 'shahri', 'anzi', 'subai', 'juhani',
  'malki', 'tamimi', 'hashimi', 'masri', 'baghdadi', 'zarqawi', 'rajhi', 'nahyan', 'maktum', 'thani', 'sabah',
]);
/** A frequent given name (or abd-/abu- compound): pairs of these alone select too many rows. */
export function isCommonGivenKey(key: string): boolean {
  if (FAMILY_CANONICAL.has(key)) return false;
  return KNOWN_CANONICAL.has(key) || key.startsWith('abd') || key.startsWith('abu');
}
// A canonical key never maps elsewhere.
for (const c of new Set([...LATIN_NAME_TO_CANONICAL.values()])) LATIN_NAME_TO_CANONICAL.delete(c);
