/**
 * Rule templates: each one a typed, validated parameter schema and a check of one transaction
 * against the entity's recent history. Checks read history only through `RuleContext`, whose window
 * queries are index-only range scans in production (facts.ts) and plain arrays in the unit tests
 * (templates.test.ts), so every template is tested at its boundaries on hand-built histories.
 * Amounts stay exact decimal strings throughout (money.ts).
 */
import { z } from 'zod';
import { formatAmount } from '@/lib/core/amounts';
import { cmp, gte, isCurrencyCode, isMultipleOf, lt, percentOf, sub, toPlain, DECIMAL_PATTERN } from '../money';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { ConfigVariable } from '../schemas';

export type Direction = 'Credit' | 'Debit';
export type Grade = 'Low' | 'Medium' | 'High';

export interface SubjectTransaction {
  id: string;
  amount: string;
  /** Upper-case ISO 4217. */
  currencyCode: string;
  transactionDate: Date;
  /** From the subject entity's point of view. */
  direction: Direction;
  counterpartyCountry: string | null;
  counterpartyEntityId: string | null;
}

export interface WindowQuery {
  /** Exclusive lower bound; the upper bound is the transaction's own date (inclusive). */
  since: Date;
  direction?: Direction;
  currencyCode?: string;
  /** Inclusive lower bound of the amount. */
  minAmount?: string;
  /** Exclusive upper bound of the amount. */
  belowAmount?: string;
}

export interface WindowResult {
  count: number;
  /** Exact decimal string. */
  sum: string;
  /** Up to 50 of the transactions, newest first. */
  ids: string[];
}

export interface RuleContext {
  entityId: string;
  tx: SubjectTransaction;
  /** The subject's transactions in the window, the current one included. */
  window(query: WindowQuery): Promise<WindowResult>;
  countryGrade(code: string): Grade | null;
  /** Open screening matches (not deprecated, not FalsePositive) of an entity of this tenant. */
  openMatchCount(entityId: string): Promise<number>;
  /** The subject's wallet on this transaction: its last transaction before this one, or null. */
  walletLastTransactionAt: Date | null | undefined;
  /** When the subject's newest relationship or bank account was created, or null. */
  newestLinkAt(): Promise<Date | null>;
}

export interface RuleOutcome {
  reasonEn: string;
  reasonAr: string;
  transactionIds: string[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const amount = z
  .string()
  .trim()
  .regex(DECIMAL_PATTERN, 'expected a decimal string such as "10000" or "9500.50"')
  .refine((v) => DECIMAL_PATTERN.test(v) && !v.startsWith('-') && cmp(v, '0') > 0, 'must be greater than 0');
const currency = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'expected an ISO 4217 code such as SAR')
  .refine(isCurrencyCode, 'unknown ISO 4217 currency code')
  .transform((v) => v.toUpperCase());
const direction = z.enum(['Any', 'Credit', 'Debit']).default('Any');
const hours = z
  .number()
  .int()
  .min(1)
  .max(24 * 366);
const days = z.number().int().min(1).max(3660);

const dirFilter = (d: 'Any' | Direction) => (d === 'Any' ? undefined : d);
const applies = (d: 'Any' | Direction, tx: SubjectTransaction) => d === 'Any' || d === tx.direction;
const since = (tx: SubjectTransaction, windowHours: number) => new Date(tx.transactionDate.getTime() - windowHours * HOUR);
/** An amount in a reason, as the rest of the app shows amounts: `SAR 10,000.00`, `10,000.00 ريال سعودي`. */
const money = (locale: 'en' | 'ar', amount: string, currency: string) => formatAmount(locale, amount, currency, { currencyDigits: true });
/** The same amount without the currency, where the next one names it. */
const figure = (locale: 'en' | 'ar', amount: string, currency: string) => formatAmount(locale, amount, currency, { currencyDigits: true, bare: true });
const dirAr = (d: 'Any' | Direction) => (d === 'Credit' ? 'الواردة' : d === 'Debit' ? 'الصادرة' : '');
const dirEn = (d: 'Any' | Direction) => (d === 'Credit' ? 'incoming ' : d === 'Debit' ? 'outgoing ' : '');

export const TEMPLATE_PARAMS = {
  LargeAmount: z.object({ threshold: amount, currency, direction }).strict(),
  CountVelocity: z.object({ count: z.number().int().min(2).max(100_000), windowHours: hours, direction }).strict(),
  AmountVelocity: z.object({ threshold: amount, currency, windowHours: hours, direction }).strict(),
  Structuring: z
    .object({
      threshold: amount,
      marginPercent: z.number().int().min(1).max(50),
      minCount: z.number().int().min(2).max(1000),
      windowHours: hours,
      currency,
      direction,
    })
    .strict(),
  RapidInOut: z.object({ percent: z.number().int().min(1).max(100), windowHours: hours, minIncoming: amount, currency }).strict(),
  HighRiskCountry: z.object({ minGrade: z.enum(['Medium', 'High']).default('High'), direction }).strict(),
  OpenScreeningMatch: z.object({ includeCounterparty: z.boolean().default(true) }).strict(),
  DormantReactivated: z.object({ dormantDays: days, minAmount: amount.optional(), currency: currency.optional() }).strict(),
  RoundAmount: z.object({ unit: amount, minAmount: amount, currency, direction }).strict(),
  FirstLargeAfterNewLink: z.object({ threshold: amount, currency, linkDays: days, direction }).strict(),
} as const;

export type TemplateName = keyof typeof TEMPLATE_PARAMS;
export const TEMPLATE_NAMES = Object.keys(TEMPLATE_PARAMS) as [TemplateName, ...TemplateName[]];
export type TemplateParams<T extends TemplateName> = z.output<(typeof TEMPLATE_PARAMS)[T]>;

type Check<T extends TemplateName> = (p: TemplateParams<T>, ctx: RuleContext) => Promise<RuleOutcome | null>;

const checks: { [T in TemplateName]: Check<T> } = {
  async LargeAmount(p, { tx }) {
    if (tx.currencyCode !== p.currency || !applies(p.direction, tx) || !gte(tx.amount, p.threshold)) return null;
    return {
      reasonEn: `Amount ${money('en', tx.amount, p.currency)} is at or above ${money('en', p.threshold, p.currency)}`,
      reasonAr: `المبلغ ${money('ar', tx.amount, p.currency)} يساوي الحد ${money('ar', p.threshold, p.currency)} أو يتجاوزه`,
      transactionIds: [tx.id],
    };
  },
  async CountVelocity(p, ctx) {
    if (!applies(p.direction, ctx.tx)) return null;
    const w = await ctx.window({ since: since(ctx.tx, p.windowHours), direction: dirFilter(p.direction) });
    if (w.count < p.count) return null;
    return {
      reasonEn: `${w.count} ${dirEn(p.direction)}transactions within ${p.windowHours} h (limit ${p.count})`,
      reasonAr: `${w.count} من المعاملات ${dirAr(p.direction)} خلال ${p.windowHours} ساعة (الحد ${p.count})`,
      transactionIds: w.ids,
    };
  },
  async AmountVelocity(p, ctx) {
    const { tx } = ctx;
    if (tx.currencyCode !== p.currency || !applies(p.direction, tx)) return null;
    const w = await ctx.window({ since: since(tx, p.windowHours), direction: dirFilter(p.direction), currencyCode: p.currency });
    if (!gte(w.sum, p.threshold)) return null;
    return {
      reasonEn: `${dirEn(p.direction)}total ${money('en', toPlain(w.sum), p.currency)} within ${p.windowHours} h reaches ${money('en', p.threshold, p.currency)}`,
      reasonAr: `مجموع المعاملات ${dirAr(p.direction)} ${money('ar', toPlain(w.sum), p.currency)} خلال ${p.windowHours} ساعة يبلغ الحد ${money('ar', p.threshold, p.currency)}`,
      transactionIds: w.ids,
    };
  },
  async Structuring(p, ctx) {
    const { tx } = ctx;
    if (tx.currencyCode !== p.currency || !applies(p.direction, tx)) return null;
    const floor = sub(p.threshold, percentOf(p.threshold, String(p.marginPercent)));
    if (!(gte(tx.amount, floor) && lt(tx.amount, p.threshold))) return null;
    const w = await ctx.window({
      since: since(tx, p.windowHours),
      direction: dirFilter(p.direction),
      currencyCode: p.currency,
      minAmount: toPlain(floor),
      belowAmount: p.threshold,
    });
    if (w.count < p.minCount) return null;
    return {
      reasonEn: `${w.count} amounts between ${money('en', toPlain(floor), p.currency)} and ${money('en', p.threshold, p.currency)} within ${p.windowHours} h (total ${money('en', toPlain(w.sum), p.currency)})`,
      reasonAr: `${w.count} مبالغ بين ${figure('ar', toPlain(floor), p.currency)} و${money('ar', p.threshold, p.currency)} خلال ${p.windowHours} ساعة (المجموع ${money('ar', toPlain(w.sum), p.currency)})`,
      transactionIds: w.ids,
    };
  },
  async RapidInOut(p, ctx) {
    const { tx } = ctx;
    if (tx.direction !== 'Debit' || tx.currencyCode !== p.currency) return null;
    const from = since(tx, p.windowHours);
    const incoming = await ctx.window({ since: from, direction: 'Credit', currencyCode: p.currency });
    if (incoming.count === 0 || !gte(incoming.sum, p.minIncoming)) return null;
    const outgoing = await ctx.window({ since: from, direction: 'Debit', currencyCode: p.currency });
    if (!gte(outgoing.sum, percentOf(incoming.sum, String(p.percent)))) return null;
    return {
      reasonEn: `${money('en', toPlain(outgoing.sum), p.currency)} of ${money('en', toPlain(incoming.sum), p.currency)} received left within ${p.windowHours} h (≥ ${p.percent}%)`,
      reasonAr: `خرج ${money('ar', toPlain(outgoing.sum), p.currency)} من أصل ${money('ar', toPlain(incoming.sum), p.currency)} وردت خلال ${p.windowHours} ساعة (≥ ${p.percent}٪)`,
      transactionIds: [...outgoing.ids, ...incoming.ids.filter((id) => !outgoing.ids.includes(id))],
    };
  },
  async HighRiskCountry(p, ctx) {
    const { tx } = ctx;
    if (!applies(p.direction, tx) || !tx.counterpartyCountry) return null;
    const grade = ctx.countryGrade(tx.counterpartyCountry);
    if (grade !== 'High' && !(grade === 'Medium' && p.minGrade === 'Medium')) return null;
    return {
      reasonEn: `Counterparty country ${tx.counterpartyCountry} is graded ${grade} risk`,
      reasonAr: `بلد الطرف المقابل ${tx.counterpartyCountry} مصنف بمخاطر ${grade === 'High' ? 'عالية' : 'متوسطة'}`,
      transactionIds: [tx.id],
    };
  },
  async OpenScreeningMatch(p, ctx) {
    const own = await ctx.openMatchCount(ctx.entityId);
    const other = p.includeCounterparty && ctx.tx.counterpartyEntityId ? await ctx.openMatchCount(ctx.tx.counterpartyEntityId) : 0;
    if (own === 0 && other === 0) return null;
    const who = own > 0 ? 'The wallet owner' : 'The counterparty';
    return {
      reasonEn: `${who} has ${own > 0 ? own : other} open screening match(es)`,
      reasonAr: `${own > 0 ? 'لصاحب المحفظة' : 'للطرف المقابل'} ${own > 0 ? own : other} من تطابقات الفحص المفتوحة`,
      transactionIds: [ctx.tx.id],
    };
  },
  async DormantReactivated(p, ctx) {
    const { tx } = ctx;
    const last = ctx.walletLastTransactionAt;
    if (!last) return null;
    if (p.minAmount && (!p.currency || p.currency === tx.currencyCode) && !gte(tx.amount, p.minAmount)) return null;
    const idleDays = (tx.transactionDate.getTime() - last.getTime()) / DAY;
    if (idleDays < p.dormantDays) return null;
    const whole = Math.floor(idleDays);
    return {
      reasonEn: `Wallet used again after ${whole} days without transactions (dormant after ${p.dormantDays})`,
      reasonAr: `استُخدمت المحفظة مجددًا بعد ${whole} يومًا بلا معاملات (تعد خاملة بعد ${p.dormantDays})`,
      transactionIds: [tx.id],
    };
  },
  async RoundAmount(p, { tx }) {
    if (tx.currencyCode !== p.currency || !applies(p.direction, tx)) return null;
    if (!gte(tx.amount, p.minAmount) || !isMultipleOf(tx.amount, p.unit)) return null;
    return {
      reasonEn: `Round amount ${money('en', tx.amount, p.currency)} (a multiple of ${formatAmount('en', p.unit, p.currency, { bare: true })})`,
      reasonAr: `مبلغ مدوّر ${money('ar', tx.amount, p.currency)} (من مضاعفات ${formatAmount('ar', p.unit, p.currency, { bare: true })})`,
      transactionIds: [tx.id],
    };
  },
  async FirstLargeAfterNewLink(p, ctx) {
    const { tx } = ctx;
    if (tx.currencyCode !== p.currency || !applies(p.direction, tx) || !gte(tx.amount, p.threshold)) return null;
    const linkAt = await ctx.newestLinkAt();
    if (!linkAt || linkAt > tx.transactionDate || tx.transactionDate.getTime() - linkAt.getTime() > p.linkDays * DAY) return null;
    const large = await ctx.window({
      since: new Date(linkAt.getTime() - 1),
      direction: dirFilter(p.direction),
      currencyCode: p.currency,
      minAmount: p.threshold,
    });
    if (large.count > 1) return null;
    return {
      reasonEn: `First transfer of ${money('en', p.threshold, p.currency)} or more since a relationship or bank account was added on ${linkAt.toISOString().slice(0, 10)}`,
      reasonAr: `أول تحويل بمبلغ ${money('ar', p.threshold, p.currency)} أو أكثر منذ إضافة علاقة أو حساب بنكي في ${linkAt.toISOString().slice(0, 10)}`,
      transactionIds: [tx.id],
    };
  },
};

/** Validates a template's parameters: the parsed params, or the issues with their paths under `config`. */
export function parseTemplateParams(template: TemplateName, params: unknown): { ok: true; params: unknown } | { ok: false; errors: string[] } {
  const result = TEMPLATE_PARAMS[template].safeParse(params);
  if (result.success) return { ok: true, params: result.data };
  return { ok: false, errors: result.error.issues.map((i) => `config.${[...i.path].join('.')}: ${i.message}`) };
}

export function runTemplate(template: TemplateName, params: unknown, ctx: RuleContext): Promise<RuleOutcome | null> {
  return (checks[template] as Check<TemplateName>)(params as never, ctx);
}

type ParamTexts = Record<string, Record<string, { label: string; hint: string }>>;
const PARAM_TEXTS = { en: en.transactions.ruleParams as ParamTexts, ar: ar.transactions.ruleParams as ParamTexts };
const TEMPLATE_TEXTS = { en: en.transactions.templates as Record<string, string>, ar: ar.transactions.templates as Record<string, string> };

/** A parameter's name and hint in both languages (messages/*.json, transactions.ruleParams; a test keeps every one present). */
function paramTexts(template: TemplateName, key: string) {
  const [textEn, textAr] = [PARAM_TEXTS.en[template]?.[key], PARAM_TEXTS.ar[template]?.[key]];
  return { labelEn: textEn?.label ?? key, labelAr: textAr?.label ?? key, hintEn: textEn?.hint ?? '', hintAr: textAr?.hint ?? '' };
}

/** A template's name in both languages (messages/*.json, transactions.templates). */
export function templateNames(template: TemplateName): { nameEn: string; nameAr: string } {
  return { nameEn: TEMPLATE_TEXTS.en[template] ?? template, nameAr: TEMPLATE_TEXTS.ar[template] ?? template };
}

export const isTemplateName = (name: string): name is TemplateName => Object.hasOwn(TEMPLATE_PARAMS, name);

const described = new Map<TemplateName, Record<string, ConfigVariable>>();

/**
 * Each parameter of a template as editors and integrators see it (TransactionRule.configVariables,
 * typed by its schema in ../schemas.ts): what the template's schema accepts, so that a client can
 * offer the choices and check a value before sending it; the schema stays the judge. Computed once
 * per template.
 */
export function configVariablesOf(template: TemplateName): Record<string, ConfigVariable> {
  let variables = described.get(template);
  // Shared by every answer that names the template: frozen, so no caller can change another's.
  if (!variables) described.set(template, (variables = Object.freeze(describeTemplate(template))));
  return variables;
}

function describeTemplate(template: TemplateName): Record<string, ConfigVariable> {
  const shape = TEMPLATE_PARAMS[template].shape as Record<string, z.ZodType>;
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]): [string, ConfigVariable] => {
      const unset = schema.safeParse(undefined);
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { type?: string; enum?: string[]; minimum?: number; maximum?: number };
      const type = json.enum ? 'enum' : key === 'currency' ? 'currency' : json.type === 'string' ? 'decimal' : json.type;
      if (type !== 'enum' && type !== 'currency' && type !== 'decimal' && type !== 'integer' && type !== 'boolean')
        throw new Error(`${template}.${key}: no editor type for ${json.type}`);
      return [
        key,
        Object.freeze({
          type,
          optional: unset.success,
          ...paramTexts(template, key),
          ...(json.enum ? { values: json.enum } : {}),
          ...(unset.success && unset.data !== undefined ? { default: unset.data as string | boolean } : {}),
          ...(type === 'integer' ? { minimum: json.minimum, maximum: json.maximum } : {}),
        }),
      ];
    }),
  );
}
