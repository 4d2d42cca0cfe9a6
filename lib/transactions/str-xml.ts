/**
 * The STR draft as goAML-style XML (the UNODC goAML "report" layout financial intelligence units take:
 * report header, reason, indicators, and each transaction with its from/to parties). Built with
 * fast-xml-parser's XMLBuilder, which escapes every value. A draft for the compliance officer to
 * complete and file, not a validated submission: goAML's schema also needs the FIU's own codes
 * (rentity_id, funds and country code lists) that each FIU assigns.
 *
 * Element names follow goAML's: a transaction's source is `t_from` (or `t_from_my_client`) with
 * `from_funds_code`, `from_account` | `from_person` | `from_entity` and `from_country`; its target
 * `t_to` (or `t_to_my_client`) with the `to_` names. goAML wants a person's first and last names
 * apart, and our records keep one full name: the last word is the last name (the officer checks
 * it; an Arabic name's family name is its last word too).
 */
import { XMLBuilder } from 'fast-xml-parser';
import { loadUsers } from '@/lib/cases/users';
import { getStrFacts, type StrFacts } from './monitoring-case';

const goamlDate = (iso: string | null | undefined) => (iso ? iso.replace(/Z$/, '') : '');

/** A full name as goAML's first_name / last_name: the last word is the last name; one word is both. */
export function goamlNames(full: string | null | undefined): { first_name: string; last_name: string } {
  const words = (full ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { first_name: words[0] ?? '', last_name: words[0] ?? '' };
  return { first_name: words.slice(0, -1).join(' '), last_name: words.at(-1)! };
}

/** Officers by id, as loadUsers gives them: the checker is the report's reporting person. */
type Officers = Map<string, { displayName: string; email: string }>;

export function strXml({
  facts,
  tenant,
  reportId,
  createdAt,
  users,
}: {
  facts: StrFacts;
  tenant: { slug: string; nameEn: string };
  reportId: string;
  createdAt: Date;
  users: Officers;
}): string {
  const e = facts.entity;
  const person = {
    ...goamlNames(e.nameEn ?? e.nameAr),
    ...(e.nameAr ? { alias: e.nameAr } : {}),
    ...(e.dob ? { birthdate: `${String(e.dob)}T00:00:00` } : {}),
    ...(e.nationalityCode ? { nationality1: e.nationalityCode } : {}),
    ...((e.identities ?? []).length ? { identification: (e.identities ?? []).map((i) => ({ type: i.type, number: i.number })) } : {}),
  };
  // One side of a transaction: our client (the entity the case is about) as a person or an entity,
  // the counterparty as the account it used (an IBAN, or a wallet's virtual IBAN).
  const party = (end: 'from' | 'to', side: StrFacts['transactions'][number]['source'], country: string | null, isClient: boolean) => ({
    [`${end}_funds_code`]: side.method,
    ...(isClient
      ? e.type === 'Organization'
        ? { [`${end}_entity`]: { name: e.nameEn ?? e.nameAr ?? '' } }
        : { [`${end}_person`]: person }
      : { [`${end}_account`]: { account: side.iban ?? side.vIban ?? '', ...(side.iban ? { iban: side.iban } : {}) } }),
    ...(country ? { [`${end}_country`]: country } : {}),
  });
  // The reporting person is the officer who approved the report (the checker), as the PDF names them.
  const checker = users.get(facts.decision.checkerUserId);
  const reportingPerson = checker ? { ...goamlNames(checker.displayName), email: checker.email } : { first_name: '', last_name: '' };
  const report = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    report: {
      rentity_id: tenant.slug,
      submission_code: 'E',
      report_code: 'STR',
      entity_reference: reportId,
      submission_date: goamlDate(createdAt.toISOString().slice(0, 19)),
      currency_code_local: facts.transactions[0]?.currencyCode ?? 'SAR',
      reporting_person: reportingPerson,
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
          ? { t_from: party('from', t.source, t.sourceCountry, false), t_to_my_client: party('to', t.target, t.targetCountry, true) }
          : { t_from_my_client: party('from', t.source, t.sourceCountry, true), t_to: party('to', t.target, t.targetCountry, false) }),
      })),
      report_indicators: { indicator: [...new Set(facts.alerts.map((a) => a.rule ?? 'Manual'))] },
    },
  };
  return new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: false, processEntities: true }).build(report) as string;
}

/** The case's STR draft as a goAML-style XML download (NOT_FOUND without a draft). */
export async function getStrXml({ tenantId, caseId }: { tenantId: string; caseId: string }) {
  const { report, facts, tenant } = await getStrFacts({ tenantId, caseId });
  const users = await loadUsers([facts.decision.checkerUserId]);
  const bytes = Buffer.from(strXml({ facts, tenant, reportId: report.id, createdAt: report.createdAt, users }), 'utf8');
  return { name: `str-${report.id}.xml`, mimeType: 'application/xml', size: bytes.length, body: new Uint8Array(bytes) };
}
