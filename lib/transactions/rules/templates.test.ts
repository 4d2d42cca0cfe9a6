/**
 * Every template at its boundaries on hand-built histories: the in-memory context below answers the
 * window queries the way the SQL of facts.ts does (since < date ≤ now, direction, currency, amount band).
 */
import { describe, expect, it } from 'vitest';
import { add, cmp, type Dec } from '../money';
import { parseTemplateParams, runTemplate, type Direction, type Grade, type RuleContext, type TemplateName } from './templates';

interface Past {
  id?: string;
  hoursAgo: number;
  amount: string;
  direction: Direction;
  currency?: string;
}

const NOW = new Date('2026-11-24T12:00:00Z');
const H = 3_600_000;

function context(
  current: { amount: string; direction?: Direction; currency?: string; country?: string | null; counterpartyEntityId?: string | null },
  history: Past[] = [],
  extra: Partial<Pick<RuleContext, 'walletLastTransactionAt'>> & {
    grades?: Record<string, Grade>;
    matches?: Record<string, number>;
    linkAt?: Date | null;
  } = {},
): RuleContext {
  const tx = {
    id: 'current',
    amount: current.amount,
    currencyCode: current.currency ?? 'SAR',
    transactionDate: NOW,
    direction: current.direction ?? 'Credit',
    counterpartyCountry: current.country ?? null,
    counterpartyEntityId: current.counterpartyEntityId ?? null,
  };
  const rows = [
    { id: 'current', date: NOW, amount: tx.amount, direction: tx.direction, currency: tx.currencyCode },
    ...history.map((h, i) => ({
      id: h.id ?? `h${i}`,
      date: new Date(NOW.getTime() - h.hoursAgo * H),
      amount: h.amount,
      direction: h.direction,
      currency: h.currency ?? 'SAR',
    })),
  ];
  return {
    entityId: 'subject',
    tx,
    async window(q) {
      const hits = rows.filter(
        (r) =>
          r.date > q.since &&
          r.date <= NOW &&
          (!q.direction || r.direction === q.direction) &&
          (!q.currencyCode || r.currency === q.currencyCode) &&
          (!q.minAmount || cmp(r.amount, q.minAmount) >= 0) &&
          (!q.belowAmount || cmp(r.amount, q.belowAmount) < 0),
      );
      const total = hits.reduce<Dec>((s, r) => add(s, r.amount), { units: 0n, scale: 0 });
      return { count: hits.length, sum: toString(total), ids: hits.map((h) => h.id) };
    },
    countryGrade: (code) => extra.grades?.[code] ?? null,
    openMatchCount: async (id) => extra.matches?.[id] ?? 0,
    walletLastTransactionAt: extra.walletLastTransactionAt,
    newestLinkAt: async () => extra.linkAt ?? null,
  };
}

function toString(d: Dec): string {
  const digits = (d.units < 0n ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  const text = d.scale ? `${digits.slice(0, -d.scale)}.${digits.slice(-d.scale)}` : digits;
  return d.units < 0n ? `-${text}` : text;
}

async function fires(template: TemplateName, params: unknown, ctx: RuleContext): Promise<boolean> {
  const parsed = parseTemplateParams(template, params);
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return (await runTemplate(template, parsed.params, ctx)) !== null;
}

describe('LargeAmount', () => {
  const p = { threshold: '10000', currency: 'sar' };
  it('fires at the threshold, not one fils below; other currencies and directions do not count', async () => {
    expect(await fires('LargeAmount', p, context({ amount: '10000.00' }))).toBe(true);
    expect(await fires('LargeAmount', p, context({ amount: '9999.99' }))).toBe(false);
    expect(await fires('LargeAmount', p, context({ amount: '10000', currency: 'USD' }))).toBe(false);
    expect(await fires('LargeAmount', { ...p, direction: 'Debit' }, context({ amount: '20000', direction: 'Credit' }))).toBe(false);
    expect(await fires('LargeAmount', { ...p, direction: 'Debit' }, context({ amount: '20000', direction: 'Debit' }))).toBe(true);
  });
});

describe('CountVelocity', () => {
  const p = { count: 3, windowHours: 24 };
  it('fires at N within T (the current one included); one outside the window does not count', async () => {
    expect(
      await fires(
        'CountVelocity',
        p,
        context({ amount: '1' }, [
          { hoursAgo: 1, amount: '1', direction: 'Credit' },
          { hoursAgo: 23.9, amount: '1', direction: 'Debit' },
        ]),
      ),
    ).toBe(true);
    expect(
      await fires(
        'CountVelocity',
        p,
        context({ amount: '1' }, [
          { hoursAgo: 1, amount: '1', direction: 'Credit' },
          { hoursAgo: 24, amount: '1', direction: 'Credit' },
        ]),
      ),
    ).toBe(false);
    expect(
      await fires(
        'CountVelocity',
        { ...p, direction: 'Credit' },
        context({ amount: '1' }, [
          { hoursAgo: 1, amount: '1', direction: 'Credit' },
          { hoursAgo: 2, amount: '1', direction: 'Debit' },
        ]),
      ),
    ).toBe(false);
  });
});

describe('AmountVelocity', () => {
  const p = { threshold: '30000', currency: 'SAR', windowHours: 48, direction: 'Credit' };
  it('fires when the sum in T reaches the threshold exactly', async () => {
    const hist: Past[] = [
      { hoursAgo: 10, amount: '10000.005', direction: 'Credit' },
      { hoursAgo: 47, amount: '9999.995', direction: 'Credit' },
    ];
    expect(await fires('AmountVelocity', p, context({ amount: '10000' }, hist))).toBe(true);
    expect(await fires('AmountVelocity', p, context({ amount: '9999.999' }, hist))).toBe(false);
    expect(
      await fires('AmountVelocity', p, context({ amount: '10000' }, [...hist.slice(0, 1), { hoursAgo: 48, amount: '9999.995', direction: 'Credit' }])),
    ).toBe(false);
    expect(
      await fires(
        'AmountVelocity',
        p,
        context({ amount: '10000' }, [...hist.slice(0, 1), { hoursAgo: 1, amount: '9999.995', direction: 'Credit', currency: 'USD' }]),
      ),
    ).toBe(false);
  });
});

describe('Structuring', () => {
  const p = { threshold: '10000', marginPercent: 10, minCount: 3, windowHours: 72, currency: 'SAR' };
  const two: Past[] = [
    { hoursAgo: 5, amount: '9500', direction: 'Credit' },
    { hoursAgo: 70, amount: '9000.00', direction: 'Credit' },
  ];
  it('fires on the third amount in [threshold − margin, threshold) within T', async () => {
    expect(await fires('Structuring', p, context({ amount: '9999.99' }, two))).toBe(true);
    expect(await fires('Structuring', p, context({ amount: '9000' }, two))).toBe(true);
  });
  it('does not fire at the threshold itself, below the band, with two, or with one outside T', async () => {
    expect(await fires('Structuring', p, context({ amount: '10000' }, two))).toBe(false);
    expect(await fires('Structuring', p, context({ amount: '8999.99' }, two))).toBe(false);
    expect(await fires('Structuring', p, context({ amount: '9500' }, two.slice(0, 1)))).toBe(false);
    expect(await fires('Structuring', p, context({ amount: '9500' }, [two[0]!, { hoursAgo: 72, amount: '9000', direction: 'Credit' }]))).toBe(false);
    expect(await fires('Structuring', p, context({ amount: '9500' }, [two[0]!, { hoursAgo: 3, amount: '8999.99', direction: 'Credit' }]))).toBe(false);
  });
});

describe('reasons', () => {
  // Intl puts no-break spaces (and, in Arabic, direction marks) around the currency: compare words.
  const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').replace(/[\u200e\u200f\u061c]/g, '');
  const reason = async (template: TemplateName, params: unknown, ctx: RuleContext) => {
    const parsed = parseTemplateParams(template, params);
    const outcome = parsed.ok ? await runTemplate(template, parsed.params, ctx) : null;
    return { en: plain(outcome!.reasonEn), ar: plain(outcome!.reasonAr) };
  };

  it('amounts are grouped with the currency’s digits and the currency named in each language, Western digits in both', async () => {
    const structuring = { threshold: '10000', marginPercent: 10, minCount: 3, windowHours: 72, currency: 'SAR' };
    const history: Past[] = [
      { hoursAgo: 5, amount: '9910.00', direction: 'Credit' },
      { hoursAgo: 30, amount: '9570.5', direction: 'Credit' },
    ];
    expect(await reason('Structuring', structuring, context({ amount: '9000' }, history))).toEqual({
      en: '3 amounts between SAR 9,000.00 and SAR 10,000.00 within 72 h (total SAR 28,480.50)',
      ar: '3 مبالغ بين 9,000.00 و10,000.00 ريال سعودي خلال 72 ساعة (المجموع 28,480.50 ريال سعودي)',
    });
    // Every digit sent is kept; a three-digit currency shows three.
    expect(await reason('LargeAmount', { threshold: '5000', currency: 'kwd' }, context({ amount: '12500.5', currency: 'KWD' }))).toEqual({
      en: 'Amount KWD 12,500.500 is at or above KWD 5,000.000',
      ar: 'المبلغ 12,500.500 دينار كويتي يساوي الحد 5,000.000 دينار كويتي أو يتجاوزه',
    });
    const rapid = await reason(
      'RapidInOut',
      { percent: 80, windowHours: 24, minIncoming: '10000', currency: 'SAR' },
      context({ amount: '45000.25', direction: 'Debit' }, [{ hoursAgo: 2, amount: '50000', direction: 'Credit' }]),
    );
    expect(rapid.en).toBe('SAR 45,000.25 of SAR 50,000.00 received left within 24 h (≥ 80%)');
    expect(rapid.ar).not.toMatch(/[\u0660-\u0669]|SAR/);
  });
});

describe('RapidInOut', () => {
  const p = { percent: 80, windowHours: 24, minIncoming: '10000', currency: 'SAR' };
  it('fires when outgoing reaches P% of incoming within T', async () => {
    const inflow: Past[] = [{ hoursAgo: 20, amount: '20000', direction: 'Credit' }];
    expect(await fires('RapidInOut', p, context({ amount: '16000', direction: 'Debit' }, inflow))).toBe(true);
    expect(await fires('RapidInOut', p, context({ amount: '15999.99', direction: 'Debit' }, inflow))).toBe(false);
    expect(await fires('RapidInOut', p, context({ amount: '16000', direction: 'Debit' }, [{ hoursAgo: 24, amount: '20000', direction: 'Credit' }]))).toBe(
      false,
    );
    expect(await fires('RapidInOut', p, context({ amount: '9000', direction: 'Debit' }, [{ hoursAgo: 2, amount: '9999.99', direction: 'Credit' }]))).toBe(
      false,
    );
    expect(await fires('RapidInOut', p, context({ amount: '16000', direction: 'Credit' }, inflow))).toBe(false);
  });
});

describe('HighRiskCountry', () => {
  it('fires on a High-graded counterparty country (Medium only when asked)', async () => {
    const grades: Record<string, Grade> = { KP: 'High', PK: 'Medium', SA: 'Low' };
    expect(await fires('HighRiskCountry', {}, context({ amount: '1', country: 'KP' }, [], { grades }))).toBe(true);
    expect(await fires('HighRiskCountry', {}, context({ amount: '1', country: 'PK' }, [], { grades }))).toBe(false);
    expect(await fires('HighRiskCountry', { minGrade: 'Medium' }, context({ amount: '1', country: 'PK' }, [], { grades }))).toBe(true);
    expect(await fires('HighRiskCountry', { minGrade: 'Medium' }, context({ amount: '1', country: 'SA' }, [], { grades }))).toBe(false);
    expect(await fires('HighRiskCountry', {}, context({ amount: '1', country: null }, [], { grades }))).toBe(false);
  });
});

describe('OpenScreeningMatch', () => {
  it('fires when the owner or (unless excluded) the counterparty has an open match', async () => {
    expect(await fires('OpenScreeningMatch', {}, context({ amount: '1' }, [], { matches: { subject: 1 } }))).toBe(true);
    expect(await fires('OpenScreeningMatch', {}, context({ amount: '1', counterpartyEntityId: 'cp' }, [], { matches: { cp: 2 } }))).toBe(true);
    expect(
      await fires('OpenScreeningMatch', { includeCounterparty: false }, context({ amount: '1', counterpartyEntityId: 'cp' }, [], { matches: { cp: 2 } })),
    ).toBe(false);
    expect(await fires('OpenScreeningMatch', {}, context({ amount: '1', counterpartyEntityId: 'cp' }, [], { matches: {} }))).toBe(false);
  });
});

describe('DormantReactivated', () => {
  const p = { dormantDays: 180 };
  it('fires when the wallet was idle for at least the dormant period', async () => {
    const at = (days: number) => new Date(NOW.getTime() - days * 24 * H);
    expect(await fires('DormantReactivated', p, context({ amount: '1' }, [], { walletLastTransactionAt: at(180) }))).toBe(true);
    expect(await fires('DormantReactivated', p, context({ amount: '1' }, [], { walletLastTransactionAt: new Date(at(180).getTime() + 1000) }))).toBe(false);
    expect(await fires('DormantReactivated', p, context({ amount: '1' }, [], { walletLastTransactionAt: null }))).toBe(false);
    expect(
      await fires('DormantReactivated', { ...p, minAmount: '500', currency: 'SAR' }, context({ amount: '499.99' }, [], { walletLastTransactionAt: at(400) })),
    ).toBe(false);
    expect(
      await fires('DormantReactivated', { ...p, minAmount: '500', currency: 'SAR' }, context({ amount: '500' }, [], { walletLastTransactionAt: at(400) })),
    ).toBe(true);
  });
});

describe('RoundAmount', () => {
  const p = { unit: '1000', minAmount: '5000', currency: 'SAR' };
  it('fires on a multiple of the unit at or above the minimum', async () => {
    expect(await fires('RoundAmount', p, context({ amount: '5000.000' }))).toBe(true);
    expect(await fires('RoundAmount', p, context({ amount: '5000.001' }))).toBe(false);
    expect(await fires('RoundAmount', p, context({ amount: '4000' }))).toBe(false);
    expect(await fires('RoundAmount', p, context({ amount: '123000' }))).toBe(true);
    expect(await fires('RoundAmount', p, context({ amount: '123500' }))).toBe(false);
  });
});

describe('FirstLargeAfterNewLink', () => {
  const p = { threshold: '20000', currency: 'SAR', linkDays: 30 };
  const linkAt = new Date(NOW.getTime() - 10 * 24 * H);
  it('fires on the first large transfer within linkDays of a new relationship or bank account', async () => {
    expect(await fires('FirstLargeAfterNewLink', p, context({ amount: '20000' }, [{ hoursAgo: 300, amount: '20000', direction: 'Credit' }], { linkAt }))).toBe(
      true,
    );
    expect(await fires('FirstLargeAfterNewLink', p, context({ amount: '20000' }, [{ hoursAgo: 100, amount: '25000', direction: 'Debit' }], { linkAt }))).toBe(
      false,
    );
    expect(await fires('FirstLargeAfterNewLink', p, context({ amount: '19999.99' }, [], { linkAt }))).toBe(false);
    expect(await fires('FirstLargeAfterNewLink', p, context({ amount: '20000' }, [], { linkAt: new Date(NOW.getTime() - 30 * 24 * H - 1) }))).toBe(false);
    expect(await fires('FirstLargeAfterNewLink', p, context({ amount: '20000' }, [], { linkAt: null }))).toBe(false);
  });
});

describe('parameter validation', () => {
  it('names each bad parameter and refuses unknown ones', () => {
    const r = parseTemplateParams('Structuring', { threshold: '-5', marginPercent: 0, minCount: 1, windowHours: 0, currency: 'SARR', extra: 1 });
    expect(r.ok).toBe(false);
    const errors = r.ok ? [] : r.errors.join(' | ');
    for (const field of ['threshold', 'marginPercent', 'minCount', 'windowHours', 'currency']) expect(errors).toContain(`config.${field}`);
    expect(parseTemplateParams('LargeAmount', { threshold: 1e21, currency: 'SAR' }).ok).toBe(false);
    expect(parseTemplateParams('LargeAmount', { threshold: '1e3', currency: 'SAR' }).ok).toBe(false);
  });

  it('a currency is an ISO 4217 code: three letters that name no currency are refused, a known one in any case is upper-cased', () => {
    for (const currency of ['xyz', 'XYZ', 'ABC']) {
      const r = parseTemplateParams('LargeAmount', { threshold: '100000', currency });
      expect(r, currency).toEqual({ ok: false, errors: ['config.currency: unknown ISO 4217 currency code'] });
    }
    expect(parseTemplateParams('LargeAmount', { threshold: '100000', currency: 'usd' })).toEqual({
      ok: true,
      params: { threshold: '100000', currency: 'USD', direction: 'Any' },
    });
    const dormant = parseTemplateParams('DormantReactivated', { dormantDays: 90, minAmount: '1000', currency: 'xyz' });
    expect(dormant.ok ? [] : dormant.errors).toEqual(['config.currency: unknown ISO 4217 currency code']);
  });
});
