/**
 * The Arabic of the API's validation messages.
 *
 * `validationErrors` is the contract's array of strings, each `path: message` in English (an
 * integrator's code reads the path; the English is what the OpenAPI document shows). The error
 * body's `message.ar` and the officer app's Arabic pages need the same problems in Arabic, so each
 * entry is read through this table: zod's own English messages (their fixed shapes) and every
 * message of ours. A message the table does not know keeps its English after a generic Arabic
 * text; `validation-text.test.ts` finds every message the code can produce and fails on one
 * without Arabic. Pure and dependency-free: the server and the browser use the same table.
 */

type Translate = (...groups: string[]) => string;

/** Messages with no varying part: English → Arabic. */
const FIXED: Record<string, string> = {
  // zod's fixed texts
  'Invalid input': 'قيمة غير صالحة',
  'Invalid input: more than one option matched': 'قيمة غير صالحة: تطابق أكثر من خيار',
  // ours: generic
  required: 'مطلوب',
  invalid: 'غير صالح',
  'invalid date': 'تاريخ غير صالح',
  'malformed JSON': 'صيغة JSON غير سليمة',
  'must not contain NUL characters': 'يجب ألا يحتوي على محرف NUL',
  'must not contain NUL (U+0000) characters': 'يجب ألا يحتوي على محرف NUL (U+0000)',
  'must not contain NUL (U+0000) or unpaired surrogate characters': 'يجب ألا يحتوي على محرف NUL (U+0000) أو محارف بديلة غير مقترنة',
  'send at least one field to change': 'أرسل حقلًا واحدًا على الأقل لتغييره',
  'must be greater than 0': 'يجب أن يكون أكبر من 0',
  'must be between 0 and 100': 'يجب أن يكون بين 0 و100',
  // dates and numbers
  'not a calendar date': 'ليس تاريخًا صحيحًا في التقويم',
  'expected YYYY-MM-DD': 'المتوقع تاريخ بالصيغة YYYY-MM-DD',
  'expected YYYY-MM-DD or YYYY': 'المتوقع تاريخ بالصيغة YYYY-MM-DD أو سنة بالصيغة YYYY',
  'expected a date YYYY-MM-DD': 'المتوقع تاريخ بالصيغة YYYY-MM-DD',
  'expected a calendar date YYYY-MM-DD': 'المتوقع تاريخ ميلادي صحيح بالصيغة YYYY-MM-DD',
  'not a real date and time': 'ليس تاريخًا ووقتًا صحيحين',
  'must not be before from': 'يجب ألا يسبق from',
  'must not be after today': 'يجب ألا يكون بعد اليوم',
  'must not be before validFrom': 'يجب ألا يسبق validFrom',
  'expected a number': 'المتوقع رقم',
  'expected a number, e.g. "15000.50"': 'المتوقع رقم، مثل "15000.50"',
  'expected a decimal number as a string, e.g. "15000.50"': 'المتوقع رقم عشري في صورة نص، مثل "15000.50"',
  'expected a decimal string such as "10000" or "9500.50"': 'المتوقع رقم عشري في صورة نص، مثل "10000" أو "9500.50"',
  'expected a decimal string such as "1250.50" (at most 30 digits before the point and 18 after)':
    'المتوقع رقم عشري في صورة نص، مثل "1250.50" (30 رقمًا على الأكثر قبل الفاصلة العشرية و18 بعدها)',
  'a non-negative integer': 'المتوقع عدد صحيح غير سالب',
  // codes
  'expected an ISO 3166-1 alpha-2 code': 'المتوقع رمز دولة من حرفين وفق ISO 3166-1',
  'expected an ISO 3166-1 alpha-2 code (upper case)': 'المتوقع رمز دولة من حرفين وفق ISO 3166-1 (بأحرف كبيرة)',
  'expected an ISO 3166-1 alpha-2 country code (upper case)': 'المتوقع رمز دولة من حرفين وفق ISO 3166-1 (بأحرف كبيرة)',
  'expected an ISO 4217 code': 'المتوقع رمز عملة وفق ISO 4217',
  'expected an ISO 4217 code such as Sar': 'المتوقع رمز عملة وفق ISO 4217 مثل Sar',
  'expected an ISO 4217 code such as SAR': 'المتوقع رمز عملة وفق ISO 4217 مثل SAR',
  'unknown ISO 4217 currency code': 'رمز عملة غير معروف في ISO 4217',
  'not a known IANA time zone (e.g. Asia/Riyadh)': 'ليست منطقة زمنية معروفة في IANA (مثل Asia/Riyadh)',
  'lowercase letters, digits and inner hyphens only': 'أحرف لاتينية صغيرة وأرقام وشرطات داخلية فقط',
  'letters, digits, _ and -, 2 to 64 characters': 'أحرف لاتينية وأرقام و_ و-، من 2 إلى 64 محرفًا',
  'expected a record type such as Entity': 'المتوقع نوع سجل مثل Entity',
  'expected an action such as entity.tag.add, or a family such as tag.*': 'المتوقع إجراء مثل entity.tag.add أو مجموعة إجراءات مثل tag.*',
  'expected the nextCursor of the previous page': 'المتوقع قيمة nextCursor من الصفحة السابقة',
  // entities
  'required (nameEn or nameAr)': 'مطلوب (nameEn أو nameAr)',
  'an entity keeps a name (nameEn or nameAr)': 'يجب أن يبقى للكيان اسم (nameEn أو nameAr)',
  'duplicate identity in this request': 'هوية مكررة في هذا الطلب',
  'required when the identity is rejected': 'مطلوب عند رفض الهوية',
  'required unless number is a 10-digit Saudi number starting 1, 2 or 7': 'مطلوب ما لم يكن الرقم سعوديًا من 10 أرقام يبدأ بـ 1 أو 2 أو 7',
  'expected the dialing code as 1 to 4 digits without "+", e.g. "966"': 'المتوقع رمز الاتصال الدولي من رقم إلى 4 أرقام دون "+"، مثل "966"',
  'expected digits only, without the dialing code, e.g. "501234567"': 'المتوقع أرقام فقط دون رمز الاتصال الدولي، مثل "501234567"',
  'too long: at most 15 digits': 'طويل جدًا: 15 رقمًا على الأكثر',
  'send null in both calendars (or in one alone) to clear the date': 'أرسل null في التقويمين (أو في أحدهما فقط) لمسح التاريخ',
  'only tags of the Entity scope can be put on an entity': 'لا يوضع على الكيان إلا وسوم نطاق Entity',
  'send at least one of nameEn, nameAr, scope': 'أرسل واحدًا على الأقل من nameEn وnameAr وscope',
  'the client has no e-mail address to notify': 'لا يوجد لدى العميل بريد إلكتروني لإشعاره',
  'not a valid IBAN (ISO 13616 checksum and country length)': 'رقم آيبان (IBAN) غير صالح (رقم التحقق وطول الدولة وفق ISO 13616)',
  'required to reject': 'مطلوب عند الرفض',
  'a comment is required': 'التعليق مطلوب',
  'a comment is required to reject': 'التعليق مطلوب عند الرفض',
  'empty file': 'الملف فارغ',
  'send multipart/form-data with a `file` part': 'أرسل الطلب بصيغة multipart/form-data مع جزء ملف باسم `file`',
  'malformed multipart body': 'محتوى multipart غير سليم',
  'required (a file part named `file`)': 'مطلوب (جزء ملف باسم `file`)',
  'expected a Hijri (Umm al-Qura) date YYYY-MM-DD between 1300 and 1600 AH': 'المتوقع تاريخ هجري (أم القرى) بالصيغة YYYY-MM-DD بين 1300 و1600 هـ',
  // cases, alerts, users
  'not an officer of this tenant': 'ليس موظفًا لدى هذه الجهة',
  'only a TruePositive of a client can block it': 'لا يُحظر العميل إلا بتطابق مؤكَّد (TruePositive)',
  '`me` names the signed-in user, and an API key has none: send a user id or `unassigned`':
    'القيمة `me` تعني المستخدم المسجَّل دخوله، ولا مستخدم لمفتاح API: أرسل معرّف مستخدم أو `unassigned`',
  'required for officer and rm users': 'مطلوب لمستخدمي officer وrm',
  'expected `me`, `unassigned` or a user id': 'المتوقع `me` أو `unassigned` أو معرّف مستخدم',
  'not your current password': 'ليست كلمة مرورك الحالية',
  'must differ from the current password': 'يجب أن تختلف عن كلمة المرور الحالية',
  'this link is not valid': 'هذا الرابط غير صالح',
  'this link has expired': 'انتهت صلاحية هذا الرابط',
  'this link was already used': 'استُخدم هذا الرابط من قبل',
  'start the enrolment first': 'ابدأ التسجيل أولًا',
  'not the code your app shows': 'ليس الرمز الذي يعرضه تطبيقك',
  'not a valid code': 'رمز غير صالح',
  'the soft threshold cannot exceed the hard one': 'لا يجوز أن يتجاوز الحد التحذيري الحدَّ الأقصى',
  'must not be below review': 'يجب ألا يقل عن review',
  'must be above mediumFrom': 'يجب أن يزيد على mediumFrom',
  // relationships
  'names the source entity itself': 'يشير إلى الكيان المصدر نفسه',
  'the related party has no e-mail address to send the confirmation to': 'لا يوجد لدى الطرف ذي العلاقة بريد إلكتروني لإرسال طلب التأكيد إليه',
  'not a confirmation token': 'ليس رمز تأكيد صالحًا',
  'only for IsFamilyMemberOf': 'لعلاقة IsFamilyMemberOf فقط',
  'only for IsShareholderOf and IsBeneficialOwnerOf': 'لعلاقتي IsShareholderOf وIsBeneficialOwnerOf فقط',
  'at least one attachment is required when isAttachmentRequired is true': 'يلزم مرفق واحد على الأقل عندما تكون قيمة isAttachmentRequired هي true',
  'required (or targetEntity)': 'مطلوب (أو targetEntity)',
  'send either targetEntityId or targetEntity, not both': 'أرسل targetEntityId أو targetEntity، لا كليهما',
  'must not be the source entity': 'يجب ألا يكون الكيان المصدر نفسه',
  // KYC forms and submissions
  'only Suitability forms have a pass mark': 'درجة النجاح لنماذج الملاءمة (Suitability) فقط',
  'a new version keeps the type of the form it edits': 'تحتفظ النسخة الجديدة بنوع النموذج الذي تعدّله',
  'used twice in this form': 'مستخدم مرتين في هذا النموذج',
  'only MultipleChoice and Attachment questions take several answers': 'لا تقبل إجابات متعددة إلا أسئلة MultipleChoice وAttachment',
  'only options of Number questions have a range': 'لا يكون النطاق إلا لخيارات أسئلة Number',
  'must not be below min': 'يجب ألا يقل عن min',
  'required when an option asks for additional information': 'مطلوب عندما يطلب أحد الخيارات معلومات إضافية',
  'the range overlaps another option of this question': 'يتداخل النطاق مع خيار آخر لهذا السؤال',
  'not an item of this form': 'ليس عنصرًا في هذا النموذج',
  'a form needs at least one section': 'يحتاج النموذج إلى قسم واحد على الأقل',
  'a section needs at least one question': 'يحتاج القسم إلى سؤال واحد على الأقل',
  'a choice question needs at least two options': 'يحتاج سؤال الاختيار إلى خيارين على الأقل',
  'a Suitability form needs a pass mark': 'يحتاج نموذج الملاءمة (Suitability) إلى درجة نجاح',
  'not a question of this form': 'ليس سؤالًا في هذا النموذج',
  'not enabled for this KYC': 'غير مفعّل في سجل اعرف عميلك هذا',
  'answered twice in this submission': 'أُجيب عنه مرتين في هذا الإرسال',
  'not an option of this question': 'ليس خيارًا لهذا السؤال',
  'choose at least one option': 'اختر خيارًا واحدًا على الأقل',
  'this question takes one option': 'يقبل هذا السؤال خيارًا واحدًا',
  "not within the chosen option's min and max": 'ليس بين الحدين الأدنى والأعلى للخيار المختار',
  "not within any option's min and max": 'ليس بين الحدين الأدنى والأعلى لأي خيار',
  'attach at least one file': 'أرفق ملفًا واحدًا على الأقل',
  'this question takes one file': 'يقبل هذا السؤال ملفًا واحدًا',
  'not a chosen option of this question': 'ليس من الخيارات المختارة لهذا السؤال',
  'this option takes no additional information': 'لا يقبل هذا الخيار معلومات إضافية',
  'required for this option': 'مطلوب لهذا الخيار',
  'not an attachment of this tenant': 'ليس مرفقًا لدى هذه الجهة',
  // transactions
  'at least one side (source or target) must name an entity of the tenant': 'يجب أن يشير أحد الطرفين (المصدر أو الهدف) على الأقل إلى كيان لدى الجهة',
  'required when method is Wallet': 'مطلوب عندما تكون الطريقة Wallet',
  'required when method is BankAccount': 'مطلوب عندما تكون الطريقة BankAccount',
  'needs id or crmId': 'يلزم id أو crmId',
  'this wallet belongs to another entity': 'تعود هذه المحفظة إلى كيان آخر',
  // webhooks
  'not a valid URL': 'رابط غير صالح',
  'URLs with credentials are not allowed': 'لا تُقبل الروابط التي تتضمن بيانات دخول',
  'only https URLs are allowed': 'لا تُقبل إلا روابط https',
  'only https URLs are allowed (http only for loopback with WEBHOOK_ALLOW_LOOPBACK=true)':
    'لا تُقبل إلا روابط https (ولا يُقبل http إلا لعناوين الاسترجاع المحلية عند ضبط WEBHOOK_ALLOW_LOOPBACK=true)',
  'http is allowed only for loopback addresses': 'لا يُقبل http إلا لعناوين الاسترجاع المحلية (loopback)',
  'whsec_ secrets must hold at least 8 base64 bytes': 'يجب أن يحتوي سر whsec_ على 8 بايتات base64 على الأقل',
};

const TYPE_NAMES: Record<string, string> = {
  string: 'نص',
  number: 'رقم',
  int: 'عدد صحيح',
  bigint: 'عدد صحيح كبير',
  boolean: 'قيمة منطقية (true أو false)',
  object: 'كائن',
  array: 'مصفوفة',
  date: 'تاريخ',
  null: 'null',
  undefined: 'لا شيء',
  nan: 'NaN',
};
const typeName = (t: string) => TYPE_NAMES[t] ?? t;

/** zod's format names (Invalid email address, Invalid UUID, ...). */
const FORMATS: Record<string, string> = {
  'email address': 'عنوان بريد إلكتروني غير صالح',
  URL: 'رابط غير صالح',
  UUID: 'معرّف UUID غير صالح',
  GUID: 'معرّف GUID غير صالح',
  'ISO datetime': 'تاريخ ووقت غير صالحين (ISO 8601)',
  'ISO date': 'تاريخ غير صالح (ISO 8601)',
  'ISO time': 'وقت غير صالح (ISO 8601)',
  'ISO duration': 'مدة غير صالحة (ISO 8601)',
  'IPv4 address': 'عنوان IPv4 غير صالح',
  'IPv6 address': 'عنوان IPv6 غير صالح',
  'E.164 number': 'رقم هاتف غير صالح (E.164)',
  'base64-encoded string': 'نص base64 غير صالح',
  'JSON string': 'نص JSON غير صالح',
  input: 'قيمة غير صالحة',
};

/** What a size limit counts, by zod's unit. */
const COUNTS: Record<string, string> = { characters: 'عدد المحارف', items: 'عدد العناصر', bytes: 'عدد البايتات', entries: 'عدد المدخلات' };

function sizeLimit(big: boolean, adj: string, n: string, unit?: string): string {
  const what = unit ? COUNTS[unit] : null;
  // A string of at least one character: the field was sent empty.
  if (!big && unit === 'characters' && n === '1' && adj === '>=') return 'مطلوب (لا يُقبل نص فارغ)';
  if (!big && unit === 'items' && n === '1' && adj === '>=') return 'يجب أن يحتوي على عنصر واحد على الأقل';
  if (!what) {
    // The value itself (قيمة, feminine).
    const head = big ? 'قيمة كبيرة جدًا' : 'قيمة صغيرة جدًا';
    if (adj === 'exactly ') return `${head}: يجب أن تساوي ${n}`;
    if (big) return `${head}: يجب ${adj === '<' ? 'أن تقل عن' : 'ألا تزيد على'} ${n}`;
    return `${head}: يجب ${adj === '>' ? 'أن تزيد على' : 'ألا تقل عن'} ${n}`;
  }
  const head = big ? 'طويل جدًا' : 'قصير جدًا';
  if (adj === 'exactly ') return `${head}: يجب أن يكون ${what} ${n} بالضبط`;
  if (big) return `${head}: يجب ${adj === '<' ? `أن يقل ${what} عن` : `ألا يزيد ${what} على`} ${n}`;
  return `${head}: يجب ${adj === '>' ? `أن يزيد ${what} على` : `ألا يقل ${what} عن`} ${n}`;
}

const LENGTH_PROBLEMS: Record<string, string> = { 'too short': 'قصير جدًا', 'too long': 'طويل جدًا', 'not a valid length': 'طوله غير صالح' };

/** Messages with varying parts: a pattern over the whole English message, and its Arabic. */
const PATTERNS: [RegExp, Translate][] = [
  // zod
  [/^Invalid input: expected string, received undefined$/, () => 'مطلوب'],
  [/^Invalid input: expected (\w+), received (\w+)$/, (e, r) => `قيمة غير صالحة: المتوقع ${typeName(e)}، والمستلم ${typeName(r)}`],
  [/^Invalid input: expected (.+)$/, (v) => `قيمة غير صالحة: المتوقع ${v}`],
  [/^Invalid option: expected one of (.+)$/, (v) => `خيار غير صالح: المتوقع أحد الخيارات ${v}`],
  [/^Too big: expected \w+ to have (<=|<|exactly )(\S+) (characters|items|bytes|entries)$/, (adj, n, unit) => sizeLimit(true, adj, n, unit)],
  [/^Too big: expected \w+ to be (<=|<|exactly )(\S+)$/, (adj, n) => sizeLimit(true, adj, n)],
  [/^Too small: expected \w+ to have (>=|>|exactly )(\S+) (characters|items|bytes|entries)$/, (adj, n, unit) => sizeLimit(false, adj, n, unit)],
  [/^Too small: expected \w+ to be (>=|>|exactly )(\S+)$/, (adj, n) => sizeLimit(false, adj, n)],
  [/^Invalid string: must start with "(.*)"$/, (v) => `نص غير صالح: يجب أن يبدأ بـ "${v}"`],
  [/^Invalid string: must end with "(.*)"$/, (v) => `نص غير صالح: يجب أن ينتهي بـ "${v}"`],
  [/^Invalid string: must include "(.*)"$/, (v) => `نص غير صالح: يجب أن يتضمن "${v}"`],
  [/^Invalid string: must match pattern .+$/, () => 'نص غير صالح: لا يطابق الصيغة المطلوبة'],
  [/^Invalid number: must be a multiple of (.+)$/, (v) => `رقم غير صالح: يجب أن يكون من مضاعفات ${v}`],
  [/^Unrecognized keys?: (.+)$/, (v) => `مفاتيح غير معروفة: ${v}`],
  [/^Invalid key in (.+)$/, (v) => `مفتاح غير صالح في ${v}`],
  [/^Invalid value in (.+)$/, (v) => `قيمة غير صالحة في ${v}`],
  [/^Invalid discriminator value\. Expected (.+)$/, (v) => `قيمة غير صالحة: المتوقع ${v}`],
  [/^Invalid (.+)$/, (f) => FORMATS[f] ?? `${f}: قيمة غير صالحة`],
  // ours
  [/^at most (\d+) characters$/, (n) => `يجب ألا يزيد عدد المحارف على ${n}`],
  [/^at least (\d+) characters$/, (n) => `يجب ألا يقل عدد المحارف عن ${n}`],
  [/^must be at least (\d+) characters$/, (n) => `يجب ألا يقل عدد المحارف عن ${n}`],
  [/^must be 1 to (\d+) characters$/, (n) => `يجب أن يكون عدد المحارف من 1 إلى ${n}`],
  [/^at most (\d+) characters \(this one has (\d+)\)$/, (n, given) => `يجب ألا يزيد عدد المحارف على ${n} (في هذا ${given})`],
  [/^objects and arrays nested more than (\d+) deep$/, (n) => `الكائنات والمصفوفات متداخلة لأكثر من ${n} مستوى`],
  [/^unknown city (.+)$/, (city) => `مدينة غير معروفة: ${city}`],
  [/^does not name the same day as (\w+) \((.+) expected\)$/, (field, day) => `لا يوافق اليوم نفسه في ${field} (المتوقع ${day})`],
  [/^no country uses the dialing code \+(\d+)$/, (code) => `لا توجد دولة برمز الاتصال الدولي +${code}`],
  [/^(too short|too long|not a valid length) for dialing code \+(\d+)$/, (problem, code) => `${LENGTH_PROBLEMS[problem]} لرمز الاتصال الدولي +${code}`],
  [/^not a valid phone number for dialing code \+(\d+)$/, (code) => `رقم هاتف غير صالح لرمز الاتصال الدولي +${code}`],
  [/^not a field of an individual$/, () => 'ليس حقلًا من حقول الفرد'],
  [/^not a field of an organization$/, () => 'ليس حقلًا من حقول المنشأة'],
  [
    /^expected a Hijri \(Umm al-Qura\) date YYYY-MM-DD, or a year YYYY, between (\d+) and (\d+) AH$/,
    (from, to) => `المتوقع تاريخ هجري (أم القرى) بالصيغة YYYY-MM-DD أو سنة بالصيغة YYYY، بين ${from} و${to} هـ`,
  ],
  [/^duplicate of (\S+) in this request$/, (other) => `مكرر لـ ${other} في هذا الطلب`],
  [/^(\w+) questions have no options$/, (type) => `أسئلة ${type} ليس لها خيارات`],
  [/^not taken by an? (\w+) question$/, (type) => `لا يقبله سؤال من نوع ${type}`],
  [/^question (\S+) \("(.*)"\) is required$/, (id, name) => `السؤال ${id} ("${name}") مطلوب`],
  [/^(\S+) is listed twice$/, (code) => `${code} مذكور مرتين`],
  [
    /^the table already holds (\S+), newer than (\S+) \(use --force to load it anyway\)$/,
    (current, given) => `يحتوي الجدول على إصدار ${current}، وهو أحدث من ${given} (استخدم --force لتحميله على أي حال)`,
  ],
  [/^the wallet (\S+) holds (\w+)$/, (wallet, currency) => `عملة المحفظة ${wallet} هي ${currency}`],
  [/^cannot resolve (\S+): (.+)$/, (host, why) => `تعذّر تحليل اسم النطاق ${host}: ${why}`],
  [/^cannot resolve (\S+)$/, (host) => `تعذّر تحليل اسم النطاق ${host}`],
  [/^address (\S+) is private, link-local, reserved or otherwise not public$/, (address) => `العنوان ${address} خاص أو محلي أو محجوز أو غير عام`],
  [/^(\S+) resolves to a refused address: (.+)$/, (host, why) => `يشير ${host} إلى عنوان مرفوض: ${arabicValidationMessage(why) ?? why}`],
];

/** The Arabic of one English validation message, or null when the table does not know it. */
export function arabicValidationMessage(message: string): string | null {
  const fixed = FIXED[message];
  if (fixed !== undefined) return fixed;
  for (const [pattern, translate] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return translate(...match.slice(1));
  }
  return null;
}

/** `identities.0.number: Invalid input` → its path and its message ("" path when it names none). */
export function splitValidationError(entry: string): { path: string; message: string } {
  const at = entry.indexOf(': ');
  if (at < 0) return { path: '', message: entry };
  return { path: entry.slice(0, at), message: entry.slice(at + 2) };
}

/** One message (no path) in a language; English as it is. */
export function validationMessageIn(message: string, locale: string): string {
  if (locale !== 'ar') return message;
  return arabicValidationMessage(message) ?? `قيمة غير صالحة (${message})`;
}

/** One validationErrors entry in a language: the field path as sent, then the message. */
export function validationErrorIn(entry: string, locale: string): string {
  if (locale !== 'ar') return entry;
  const { path, message } = splitValidationError(entry);
  const arabic = validationMessageIn(message, locale);
  return path ? `${path}: ${arabic}` : arabic;
}
