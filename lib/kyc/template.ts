import type { FormDraftInput, OptionInput, QuestionInput, SectionInput } from './schemas';
import type { RiskLevel } from './scoring';

// The shipped default flow (decisions.md: a new tenant starts with it; officers then adapt it):
// Kyc, RiskAssessment, Suitability, Edd and QualifiedInvestor forms, Published, with consent and
// terms agreements in both languages. Wording follows Saudi usage (SAMA and CMA vocabulary:
// "الأشخاص السياسيون ممثلو المخاطر", "العناية الواجبة المعززة", "المستثمر المؤهل").

type Extra = { override?: boolean; blocking?: boolean; suitability?: number; additionalInfo?: boolean; min?: number | null; max?: number | null };

function option(nameEn: string, nameAr: string, level: RiskLevel, extra: Extra = {}): OptionInput {
  const score = { riskLevel: level, override: extra.override ?? false, blocking: extra.blocking ?? false, suitabilityScore: extra.suitability ?? 0 };
  return {
    nameEn,
    nameAr,
    additionalInfoEnabled: extra.additionalInfo ?? false,
    min: extra.min ?? null,
    max: extra.max ?? null,
    scores: { Retail: score, Professional: score, Institutional: score },
  };
}

/** A suitability option: its points, no AML risk. */
const points = (nameEn: string, nameAr: string, suitability: number) => option(nameEn, nameAr, 'Low', { suitability });

function question(
  type: QuestionInput['type'],
  nameEn: string,
  nameAr: string,
  labelEn: string,
  labelAr: string,
  rest: Partial<Omit<QuestionInput, 'type' | 'nameEn' | 'nameAr' | 'labelEn' | 'labelAr'>> = {},
): QuestionInput {
  return {
    type,
    nameEn,
    nameAr,
    labelEn,
    labelAr,
    required: true,
    allowMultiple: false,
    additionalInfoType: null,
    category: null,
    unit: null,
    answerSource: 'Prospect',
    subweights: 1,
    options: [],
    ...rest,
  };
}

const weights = (value: number) => ({ Retail: value, Professional: value, Institutional: value });
const section = (nameEn: string, nameAr: string, weight: number, questions: QuestionInput[]): SectionInput => ({
  nameEn,
  nameAr,
  weights: weights(weight),
  questions,
});
const form = (type: FormDraftInput['type'], nameEn: string, nameAr: string, sections: SectionInput[], passMark: number | null = null): FormDraftInput => ({
  type,
  nameEn,
  nameAr,
  passMark,
  requestType: null,
  source: null,
  sections,
});
const yesNo = (yes: Extra & { level: RiskLevel }, no: RiskLevel = 'Low') => [option('Yes', 'نعم', yes.level, yes), option('No', 'لا', no)];

const kyc = form('Kyc', 'Know your customer', 'اعرف عميلك', [
  section('Identity and nationality', 'الهوية والجنسية', 10, [
    question('ShortText', 'Full name', 'الاسم الكامل', 'Full name as shown on your identity document', 'الاسم الكامل كما يظهر في وثيقة الهوية', {
      category: 'Identity',
    }),
    question('Date', 'Date of birth', 'تاريخ الميلاد', 'Date of birth (Gregorian)', 'تاريخ الميلاد (بالتقويم الميلادي)', { category: 'DateOfBirth' }),
    question('Country', 'Nationality', 'الجنسية', 'Nationality', 'الجنسية', { category: 'Nationality', subweights: 2 }),
    question('Country', 'Country of residence', 'بلد الإقامة', 'Country of residence', 'بلد الإقامة', { category: 'CountryOfResidence' }),
    question(
      'Attachment',
      'Identity document',
      'وثيقة الهوية',
      'A copy of your national ID, iqama or passport',
      'صورة من الهوية الوطنية أو الإقامة أو جواز السفر',
      {
        required: false,
        allowMultiple: true,
        category: 'Identity',
        subweights: 0,
      },
    ),
  ]),
  section('Employment and income', 'العمل والدخل', 15, [
    question('SingleChoice', 'Employment status', 'الحالة الوظيفية', 'What is your employment status?', 'ما حالتك الوظيفية؟', {
      category: 'Occupation',
      options: [
        option('Government employee', 'موظف في القطاع الحكومي', 'Low'),
        option('Private-sector employee', 'موظف في القطاع الخاص', 'Low'),
        option('Business owner or self-employed', 'صاحب منشأة أو عمل حر', 'Medium'),
        option('Retired', 'متقاعد', 'Low'),
        option('Student', 'طالب', 'Low'),
        option('Not working', 'لا أعمل حاليًا', 'Medium'),
      ],
    }),
    question('ShortText', 'Job title and employer', 'المسمى الوظيفي وجهة العمل', 'Job title and employer', 'المسمى الوظيفي واسم جهة العمل', {
      required: false,
      category: 'Occupation',
    }),
    question('Number', 'Monthly income', 'الدخل الشهري', 'Total monthly income (SAR)', 'إجمالي الدخل الشهري (بالريال السعودي)', {
      category: 'Income',
      unit: 'Currency',
      options: [
        option('Below 10,000', 'أقل من 10,000', 'Low', { min: 0, max: 9999.99 }),
        option('10,000 to 50,000', 'من 10,000 إلى 50,000', 'Low', { min: 10000, max: 50000 }),
        option('50,000 to 200,000', 'من 50,000 إلى 200,000', 'Medium', { min: 50000.01, max: 200000 }),
        option('Above 200,000', 'أكثر من 200,000', 'High', { min: 200000.01, max: null }),
      ],
    }),
  ]),
  section('Source of funds', 'مصدر الأموال', 25, [
    question('MultipleChoice', 'Source of funds', 'مصدر الأموال', 'Where do the funds you will deposit come from?', 'ما مصدر الأموال التي ستودعها؟', {
      allowMultiple: true,
      category: 'SourceOfFunds',
      subweights: 2,
      additionalInfoType: 'ShortText',
      options: [
        option('Salary', 'الراتب', 'Low'),
        option('Returns on investments', 'عوائد الاستثمارات', 'Low'),
        option('Business income', 'أرباح نشاط تجاري', 'Medium'),
        option('Inheritance', 'إرث', 'Medium'),
        option('Sale of property', 'بيع عقار', 'Medium'),
        option('Gift', 'هبة', 'High', { additionalInfo: true }),
        option('Other', 'أخرى', 'High', { additionalInfo: true }),
      ],
    }),
  ]),
  section('Politically exposed persons and sanctions', 'الأشخاص السياسيون ممثلو المخاطر والعقوبات', 20, [
    question(
      'SingleChoice',
      'PEP',
      'شخص سياسي ممثل للمخاطر',
      'Are you, or have you been in the last 12 months, entrusted with a prominent public function in the Kingdom or abroad?',
      'هل تشغل حاليًا، أو شغلت خلال الاثني عشر شهرًا الماضية، وظيفة عامة عليا داخل المملكة أو خارجها؟',
      { category: 'Pep', subweights: 2, additionalInfoType: 'ShortText', options: yesNo({ level: 'High', override: true, additionalInfo: true }) },
    ),
    question(
      'SingleChoice',
      'PEP relative or associate',
      'قريب أو شريك لشخص سياسي',
      'Is a member of your family or a close associate such a person?',
      'هل أحد أفراد أسرتك أو المقرّبين منك يشغل وظيفة كهذه؟',
      { category: 'Pep', options: yesNo({ level: 'High', override: true }) },
    ),
    question(
      'SingleChoice',
      'Sanctions',
      'العقوبات',
      'Are you, or is any entity you own or control, subject to sanctions of the United Nations or of the Kingdom?',
      'هل أنت، أو أي منشأة تملكها أو تسيطر عليها، مدرج على قوائم العقوبات الصادرة عن الأمم المتحدة أو عن المملكة؟',
      { category: 'Pep', options: yesNo({ level: 'High', blocking: true }) },
    ),
  ]),
  section('Expected activity', 'النشاط المتوقع للحساب', 15, [
    question(
      'SingleChoice',
      'Expected monthly deposits',
      'الإيداعات الشهرية المتوقعة',
      'Expected total deposits per month (SAR)',
      'إجمالي الإيداعات المتوقعة شهريًا (بالريال السعودي)',
      {
        category: 'ExpectedActivity',
        options: [
          option('Up to 50,000', 'حتى 50,000', 'Low'),
          option('50,001 to 250,000', 'من 50,001 إلى 250,000', 'Medium'),
          option('Above 250,000', 'أكثر من 250,000', 'High'),
        ],
      },
    ),
    question('MultipleChoice', 'Purpose of the account', 'الغرض من الحساب', 'What will you use the account for?', 'ما الغرض من فتح الحساب؟', {
      allowMultiple: true,
      category: 'ExpectedActivity',
      options: [
        option('Saving and investing', 'الادخار والاستثمار', 'Low'),
        option('Trading listed securities', 'تداول الأوراق المالية المدرجة', 'Low'),
        option('Business payments', 'مدفوعات تجارية', 'Medium'),
        option('International transfers', 'حوالات دولية', 'Medium'),
      ],
    }),
    question(
      'SingleChoice',
      'International transfers',
      'الحوالات الدولية',
      'Will you send or receive funds from abroad?',
      'هل ستُرسل أو تستقبل أموالًا من خارج المملكة؟',
      {
        category: 'ExpectedActivity',
        additionalInfoType: 'ShortText',
        options: yesNo({ level: 'Medium', additionalInfo: true }),
      },
    ),
  ]),
]);

const riskAssessment = form('RiskAssessment', 'Risk assessment', 'تقييم المخاطر', [
  section('Customer profile', 'ملف العميل', 10, [
    question('SingleChoice', 'Customer type', 'نوع العميل', 'Customer type', 'نوع العميل', {
      answerSource: 'RelationshipManager',
      options: [
        option('Resident individual', 'فرد مقيم', 'Low'),
        option('Non-resident individual', 'فرد غير مقيم', 'Medium'),
        option('Legal person with a complex ownership structure', 'شخص اعتباري ذو هيكل ملكية معقد', 'High'),
      ],
    }),
    question('SingleChoice', 'Onboarding channel', 'قناة فتح الحساب', 'How was the customer onboarded?', 'كيف تم فتح حساب العميل؟', {
      answerSource: 'RelationshipManager',
      options: [
        option('In person at a branch', 'حضوريًا في الفرع', 'Low'),
        option('Digitally, verified through Nafath', 'رقميًا مع التحقق عبر نفاذ', 'Low'),
        option('Remotely without identity verification', 'عن بُعد دون تحقق من الهوية', 'High'),
      ],
    }),
  ]),
  section('Products and services', 'المنتجات والخدمات', 10, [
    question('MultipleChoice', 'Products', 'المنتجات', 'Products the customer asks for', 'المنتجات التي يطلبها العميل', {
      allowMultiple: true,
      answerSource: 'RelationshipManager',
      options: [
        option('Mutual funds', 'صناديق الاستثمار', 'Low'),
        option('Brokerage', 'الوساطة في الأوراق المالية', 'Medium'),
        option('Discretionary portfolio management', 'إدارة المحافظ الاختيارية', 'Medium'),
        option('Margin lending', 'التمويل بالهامش', 'High'),
      ],
    }),
  ]),
]);

const suitability = form(
  'Suitability',
  'Suitability assessment',
  'تقييم الملاءمة',
  [
    section('Investment experience', 'الخبرة الاستثمارية', 0, [
      question('SingleChoice', 'Years of investing', 'سنوات الاستثمار', 'How long have you been investing?', 'منذ متى تستثمر؟', {
        category: 'InvestmentExperience',
        options: [
          points('No experience', 'لا توجد خبرة', 0),
          points('Less than 2 years', 'أقل من سنتين', 5),
          points('2 to 5 years', 'من سنتين إلى خمس سنوات', 10),
          points('More than 5 years', 'أكثر من خمس سنوات', 15),
        ],
      }),
      question('MultipleChoice', 'Instruments', 'الأدوات الاستثمارية', 'Which have you invested in?', 'في أي من الأدوات التالية سبق لك الاستثمار؟', {
        allowMultiple: true,
        required: false,
        category: 'InvestmentExperience',
        options: [
          points('Deposits', 'الودائع', 2),
          points('Mutual funds', 'صناديق الاستثمار', 5),
          points('Sukuk and bonds', 'الصكوك والسندات', 6),
          points('Listed shares', 'الأسهم المدرجة', 8),
          points('Derivatives', 'المشتقات المالية', 10),
        ],
      }),
    ]),
    section('Risk tolerance', 'تحمّل المخاطر', 0, [
      question(
        'SingleChoice',
        'Reaction to a loss',
        'التصرف عند الخسارة',
        'If your investments lost 20% of their value in a month, you would…',
        'لو انخفضت قيمة استثماراتك بنسبة 20% خلال شهر، فإنك…',
        {
          category: 'RiskTolerance',
          options: [
            points('Sell everything', 'تبيع جميع استثماراتك', 0),
            points('Sell part of it', 'تبيع جزءًا منها', 5),
            points('Hold on', 'تحتفظ بها', 10),
            points('Buy more', 'تشتري المزيد', 15),
          ],
        },
      ),
      question('SingleChoice', 'Objective', 'الهدف الاستثماري', 'Your main investment objective', 'هدفك الاستثماري الرئيس', {
        category: 'InvestmentObjective',
        options: [
          points('Preserve capital', 'المحافظة على رأس المال', 2),
          points('Regular income', 'دخل دوري', 5),
          points('Balanced growth', 'نمو متوازن', 10),
          points('High growth', 'نمو مرتفع', 15),
        ],
      }),
    ]),
    section('Investment horizon', 'الأفق الزمني للاستثمار', 0, [
      question('SingleChoice', 'Horizon', 'الأفق الزمني', 'For how long do you plan to stay invested?', 'ما المدة التي تنوي الاستثمار خلالها؟', {
        category: 'InvestmentHorizon',
        options: [
          points('Less than a year', 'أقل من سنة', 0),
          points('1 to 3 years', 'من سنة إلى ثلاث سنوات', 5),
          points('3 to 5 years', 'من ثلاث إلى خمس سنوات', 10),
          points('More than 5 years', 'أكثر من خمس سنوات', 15),
        ],
      }),
    ]),
  ],
  30,
);

const edd = form('Edd', 'Enhanced due diligence', 'العناية الواجبة المعززة', [
  section('Source of wealth', 'مصدر الثروة', 20, [
    question('LongText', 'Source of wealth', 'مصدر الثروة', 'Describe how your overall wealth was accumulated', 'اشرح كيف تكوّنت ثروتك الإجمالية', {
      category: 'SourceOfFunds',
      subweights: 0,
    }),
    question(
      'Attachment',
      'Evidence of wealth',
      'مستندات مصدر الثروة',
      'Supporting documents (sale contracts, inheritance deeds, audited statements)',
      'المستندات المؤيدة (عقود البيع، صكوك حصر الورثة، القوائم المالية المدققة)',
      {
        allowMultiple: true,
        category: 'SourceOfFunds',
        subweights: 0,
      },
    ),
    question('SingleChoice', 'Estimated net worth', 'صافي الثروة التقديري', 'Estimated net worth (SAR)', 'صافي الثروة التقديري (بالريال السعودي)', {
      category: 'NetWorth',
      options: [
        option('Below 1 million', 'أقل من مليون', 'Low'),
        option('1 to 10 million', 'من مليون إلى عشرة ملايين', 'Medium'),
        option('Above 10 million', 'أكثر من عشرة ملايين', 'High'),
      ],
    }),
  ]),
  section('Relationships and transactions', 'العلاقات والعمليات', 20, [
    question(
      'LongText',
      'Countries dealt with',
      'الدول التي يتعامل معها',
      'Countries you send funds to or receive funds from',
      'الدول التي تُرسل إليها الأموال أو تستقبلها منها',
      {
        required: false,
        category: 'ExpectedActivity',
        subweights: 0,
      },
    ),
    question(
      'SingleChoice',
      'Accounts abroad',
      'حسابات خارج المملكة',
      'Do you hold accounts with banks outside the Kingdom?',
      'هل لديك حسابات لدى بنوك خارج المملكة؟',
      {
        category: 'ExpectedActivity',
        options: yesNo({ level: 'Medium' }),
      },
    ),
    question(
      'Number',
      'Largest expected transaction',
      'أكبر عملية متوقعة',
      'Largest single transaction you expect (SAR)',
      'قيمة أكبر عملية منفردة تتوقعها (بالريال السعودي)',
      {
        category: 'ExpectedActivity',
        unit: 'Currency',
        options: [
          option('Up to 500,000', 'حتى 500,000', 'Low', { min: 0, max: 500000 }),
          option('500,000 to 5 million', 'من 500,000 إلى 5 ملايين', 'Medium', { min: 500000.01, max: 5000000 }),
          option('Above 5 million', 'أكثر من 5 ملايين', 'High', { min: 5000000.01, max: null }),
        ],
      },
    ),
  ]),
]);

const qualifiedInvestor = form('QualifiedInvestor', 'Qualified investor', 'المستثمر المؤهل', [
  section('Qualification criteria', 'معايير التأهيل', 0, [
    question(
      'MultipleChoice',
      'Criteria met',
      'المعايير المستوفاة',
      'Which of the Capital Market Authority criteria do you meet?',
      'أي من معايير هيئة السوق المالية تستوفي؟',
      {
        allowMultiple: true,
        category: 'Qualification',
        options: [
          option('Net assets of at least SAR 5 million', 'صافي أصول لا يقل عن 5 ملايين ريال', 'Low'),
          option('At least 3 years in a professional position in the financial sector', 'عمل لا يقل عن ثلاث سنوات في وظيفة مهنية في القطاع المالي', 'Low'),
          option('Holds the CME-1 certificate', 'حاصل على شهادة CME-1', 'Low'),
          option('Holds a recognised professional certificate in securities', 'حاصل على شهادة مهنية معترف بها في مجال الأوراق المالية', 'Low'),
          option(
            'Traded at least SAR 40 million in the last 12 months, at least 10 trades a quarter',
            'نفّذ صفقات لا تقل قيمتها عن 40 مليون ريال خلال الاثني عشر شهرًا الماضية بمعدل لا يقل عن عشر صفقات في كل ربع سنة',
            'Low',
          ),
        ],
      },
    ),
    question('Number', 'Net assets', 'صافي الأصول', 'Net assets (SAR)', 'صافي الأصول (بالريال السعودي)', {
      category: 'NetWorth',
      unit: 'Currency',
      subweights: 0,
    }),
    question('Attachment', 'Evidence', 'المستندات المؤيدة', 'Documents proving the criteria', 'المستندات التي تثبت استيفاء المعايير', {
      allowMultiple: true,
      category: 'Qualification',
      subweights: 0,
    }),
  ]),
]);

export const TEMPLATE_FLOW = { nameEn: 'Individual onboarding', nameAr: 'فتح حسابات الأفراد' };
export const TEMPLATE_FORMS: readonly FormDraftInput[] = [kyc, riskAssessment, suitability, edd, qualifiedInvestor];

export interface AgreementTemplate {
  type: 'ConsentPolicy' | 'TermsAndConditions';
  titleEn: string;
  titleAr: string;
  bodyEn: string;
  bodyAr: string;
}

export const TEMPLATE_AGREEMENTS: readonly AgreementTemplate[] = [
  {
    type: 'ConsentPolicy',
    titleEn: 'Consent to the processing of personal data',
    titleAr: 'الموافقة على معالجة البيانات الشخصية',
    bodyEn:
      'I consent to the collection and processing of my personal data, including my identity documents and the answers I give, to verify my identity, assess money-laundering and terrorist-financing risk and meet the firm’s obligations under the laws of the Kingdom, including the Personal Data Protection Law. I may ask for a copy of my data or its correction at any time.',
    bodyAr:
      'أوافق على جمع بياناتي الشخصية ومعالجتها، بما في ذلك وثائق هويتي والإجابات التي أقدمها، للتحقق من هويتي وتقييم مخاطر غسل الأموال وتمويل الإرهاب والوفاء بالتزامات المنشأة وفق أنظمة المملكة، ومنها نظام حماية البيانات الشخصية. ويحق لي طلب نسخة من بياناتي أو تصحيحها في أي وقت.',
  },
  {
    type: 'TermsAndConditions',
    titleEn: 'Account terms and conditions',
    titleAr: 'الشروط والأحكام العامة للحساب',
    bodyEn:
      'I confirm that the information I have provided is true and complete, that the funds in my account are not derived from any unlawful activity, and that I will inform the firm within 10 working days of any change to this information.',
    bodyAr:
      'أقرّ بأن المعلومات التي قدمتها صحيحة وكاملة، وأن الأموال المودعة في حسابي ليست متحصلة من أي نشاط غير مشروع، وأتعهد بإبلاغ المنشأة بأي تغيير في هذه المعلومات خلال عشرة أيام عمل.',
  },
];
