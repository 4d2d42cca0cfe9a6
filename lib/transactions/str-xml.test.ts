import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { goamlNames, strXml } from './str-xml';
import type { StrFacts } from './monitoring-case';

const facts = (entity: Partial<StrFacts['entity']>, direction: 'Credit' | 'Debit'): StrFacts => ({
  caseId: 'case-1',
  entity: { id: 'e-1', nameEn: null, nameAr: null, identities: null, ...entity },
  alerts: [{ id: 'a-1', createdAt: '2026-11-29T04:00:00.000Z', severity: 'High', rule: 'LARGE', ruleVersion: 2, reason: 'Large amount' }],
  transactions: [
    {
      id: 't-1',
      externalRef: 'ref-1',
      transactionDate: '2026-11-29T03:00:00Z',
      amount: '60000',
      currencyCode: 'SAR',
      direction,
      source: { method: 'Wallet', vIban: 'SA4420000001234567891234' },
      target: { method: 'BankAccount', iban: 'AE070331234567890123456' },
      sourceCountry: 'SA',
      targetCountry: 'AE',
    },
  ],
  decision: {
    makerUserId: 'u-maker',
    checkerUserId: 'u-checker',
    reason: 'Outflow to a new account abroad.',
    proposedAt: '2026-11-29T04:10:00Z',
    approvedAt: '2026-11-29T04:20:00Z',
  },
});

const parse = (xml: string) => new XMLParser({ parseTagValue: false }).parse(xml).report;
const users = new Map([['u-checker', { displayName: 'Huda Saleh Al-Otaibi', email: 'huda@bank.test' }]]);
const tenant = { slug: 'acme', nameEn: 'Acme' };

describe('goamlNames', () => {
  it('keeps the last word as the last name, and one word as both', () => {
    expect(goamlNames('Omar Al-Qahtani')).toEqual({ first_name: 'Omar', last_name: 'Al-Qahtani' });
    expect(goamlNames('  Huda  Saleh Al-Otaibi ')).toEqual({ first_name: 'Huda Saleh', last_name: 'Al-Otaibi' });
    expect(goamlNames('عمر بن سعيد القحطاني')).toEqual({ first_name: 'عمر بن سعيد', last_name: 'القحطاني' });
    expect(goamlNames('Madonna')).toEqual({ first_name: 'Madonna', last_name: 'Madonna' });
    expect(goamlNames(null)).toEqual({ first_name: '', last_name: '' });
  });
});

describe('strXml (goAML layout)', () => {
  it('an outgoing transfer of an organization client: t_from_my_client with from_entity, t_to with the counterparty account and country', () => {
    const report = parse(
      strXml({
        facts: facts({ type: 'Organization', nameEn: 'Gulf Trading LLC' }, 'Debit'),
        tenant,
        reportId: 'r-1',
        createdAt: new Date('2026-11-29T04:20:00Z'),
        users,
      }),
    );
    expect(report.reporting_person).toEqual({ first_name: 'Huda Saleh', last_name: 'Al-Otaibi', email: 'huda@bank.test' });
    expect(report.transaction.t_from_my_client).toEqual({ from_funds_code: 'Wallet', from_entity: { name: 'Gulf Trading LLC' }, from_country: 'SA' });
    expect(report.transaction.t_to).toEqual({
      to_funds_code: 'BankAccount',
      to_account: { account: 'AE070331234567890123456', iban: 'AE070331234567890123456' },
      to_country: 'AE',
    });
    expect(report.transaction.t_from).toBeUndefined();
  });

  it('an incoming transfer of a person: t_from with the wallet as account (no iban element), t_to_my_client with the names apart and the Arabic name as alias', () => {
    const report = parse(
      strXml({
        facts: facts({ type: 'Individual', nameEn: 'Omar Al-Qahtani', nameAr: 'عمر القحطاني' }, 'Credit'),
        tenant,
        reportId: 'r-2',
        createdAt: new Date(),
        users,
      }),
    );
    expect(report.transaction.t_from).toEqual({ from_funds_code: 'Wallet', from_account: { account: 'SA4420000001234567891234' }, from_country: 'SA' });
    expect(report.transaction.t_to_my_client.to_person).toMatchObject({ first_name: 'Omar', last_name: 'Al-Qahtani', alias: 'عمر القحطاني' });
  });

  it('a checker no longer on record leaves the reporting names for the officer to fill, never an internal id', () => {
    const xml = strXml({
      facts: facts({ type: 'Individual', nameEn: 'Omar Al-Qahtani' }, 'Credit'),
      tenant,
      reportId: 'r-3',
      createdAt: new Date(),
      users: new Map(),
    });
    expect(parse(xml).reporting_person).toEqual({ first_name: '', last_name: '' });
    expect(xml).not.toContain('u-checker');
  });
});
