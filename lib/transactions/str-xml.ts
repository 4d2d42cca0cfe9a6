/**
 * The STR draft as goAML-style XML (the UNODC goAML "report" layout financial intelligence units take:
 * report header, reason, indicators, and each transaction with its from/to parties). Built with
 * fast-xml-parser's XMLBuilder, which escapes every value. A draft for the compliance officer to
 * complete and file, not a validated submission: goAML's schema also needs the FIU's own codes
 * (rentity_id, funds and country code lists) that each FIU assigns.
 */
import { XMLBuilder } from 'fast-xml-parser';
import type { StrFacts } from './monitoring-case';

const goamlDate = (iso: string | null | undefined) => (iso ? iso.replace(/Z$/, '') : '');

export function strXml({
  facts,
  tenant,
  reportId,
  createdAt,
}: {
  facts: StrFacts;
  tenant: { slug: string; nameEn: string };
  reportId: string;
  createdAt: Date;
}): string {
  const e = facts.entity;
  const person = {
    first_name: e.nameEn ?? '',
    last_name: '',
    ...(e.nameAr ? { alias: e.nameAr } : {}),
    ...(e.dob ? { birthdate: `${String(e.dob)}T00:00:00` } : {}),
    ...(e.nationalityCode ? { nationality1: e.nationalityCode } : {}),
    ...((e.identities ?? []).length ? { identification: (e.identities ?? []).map((i) => ({ type: i.type, number: i.number })) } : {}),
  };
  const party = (side: StrFacts['transactions'][number]['source'], country: string | null, isClient: boolean) =>
    isClient
      ? { from_funds_code: side.method, ...(e.type === 'Organization' ? { entity: { name: e.nameEn ?? e.nameAr ?? '' } } : { person }) }
      : {
          from_funds_code: side.method,
          account: { ...(side.iban ? { account: side.iban } : {}), ...(side.vIban ? { account: side.vIban } : {}), ...(country ? { country } : {}) },
        };
  const report = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    report: {
      rentity_id: tenant.slug,
      submission_code: 'E',
      report_code: 'STR',
      entity_reference: reportId,
      submission_date: goamlDate(createdAt.toISOString().slice(0, 19)),
      currency_code_local: facts.transactions[0]?.currencyCode ?? 'SAR',
      reporting_person: { first_name: facts.decision.checkerUserId, last_name: '' },
      reason: facts.decision.reason ?? '',
      action: 'Draft prepared from case ' + facts.caseId,
      transaction: facts.transactions.map((t) => ({
        transactionnumber: t.externalRef,
        internal_ref_number: t.id,
        transaction_location: '',
        date_transaction: goamlDate(t.transactionDate),
        transmode_code: t.source.method,
        amount_local: t.amount,
        ...(t.direction === 'Credit'
          ? { t_from: party(t.source, t.sourceCountry, false), t_to_my_client: party(t.target, t.targetCountry, true) }
          : { t_from_my_client: party(t.source, t.sourceCountry, true), t_to: party(t.target, t.targetCountry, false) }),
      })),
      report_indicators: { indicator: [...new Set(facts.alerts.map((a) => a.rule ?? 'Manual'))] },
    },
  };
  return new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: false, processEntities: true }).build(report) as string;
}
