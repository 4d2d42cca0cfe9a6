import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/scripts/testing/db';
import { ATTACHMENT_UNREFERENCED_SQL, ENTITY_TABLES } from './entity-data';

const db = useTestDatabase();

interface Column {
  table: string;
  column: string;
  udt: string;
  dataType: string;
}

async function schema() {
  const pool = db.current().pool;
  const columns = (
    await pool.query<Column>(
      `SELECT table_name AS table, column_name AS column, udt_name AS udt, data_type AS "dataType"
       FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
    )
  ).rows;
  const foreignKeys = (
    await pool.query<{ source: string; target: string }>(
      `SELECT c.conrelid::regclass::text AS source, c.confrelid::regclass::text AS target
       FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
    )
  ).rows.map((fk) => ({ source: fk.source.replace(/"/g, ''), target: fk.target.replace(/"/g, '') }));
  return { columns, foreignKeys };
}

/**
 * The tables that hold an entity's rows: Entity, then (until nothing changes) every table with a
 * foreign key to one of them, or a uuid column named `…<Table>Id(s)` after one of them (`entityId`,
 * `sourceEntityId`, `kycId`, `caseId`, `transactionIds`: most of these have no foreign key).
 */
function entityTables({ columns, foreignKeys }: Awaited<ReturnType<typeof schema>>): Set<string> {
  const tables = [...new Set(columns.map((c) => c.table))].filter((t) => !t.startsWith('_'));
  const found = new Set(['Entity']);
  for (let grew = true; grew;) {
    grew = false;
    for (const table of tables) {
      if (found.has(table)) continue;
      const viaKey = foreignKeys.some((fk) => fk.source === table && found.has(fk.target));
      const viaName = columns.some(
        (c) =>
          c.table === table &&
          (c.udt === 'uuid' || c.udt === '_uuid') &&
          [...found].some((t) => c.column.toLowerCase().endsWith(`${t.toLowerCase()}id`) || c.column.toLowerCase().endsWith(`${t.toLowerCase()}ids`)),
      );
      if (viaKey || viaName) {
        found.add(table);
        grew = true;
      }
    }
  }
  return found;
}

/** Columns that can hold a personal value: text, JSON, dates, binary, enums and arrays of them (not ids, numbers, flags or timestamps). */
const mayBePersonal = (c: Column) =>
  !['uuid', '_uuid', 'int4', 'int8', 'bool', 'float8', 'timestamptz', 'numeric'].includes(c.udt) && !(c.column === 'tenantId');

describe('personal data: every table that holds an entity’s rows is exported and erased, or excluded with a reason', () => {
  it('each table that points at an entity (directly or through its records) is declared in entity-data.ts', async () => {
    const s = await schema();
    const found = entityTables(s);
    const declared = new Set(ENTITY_TABLES.map((d) => d.table));
    expect(
      [...found].filter((t) => !declared.has(t)),
      'tables holding entity rows that entity-data.ts does not declare',
    ).toEqual([]);
    const existing = new Set(s.columns.map((c) => c.table));
    expect(
      [...declared].filter((t) => !existing.has(t)),
      'declared tables that do not exist',
    ).toEqual([]);
    // The walk finds the domains that landed after the export was first written.
    for (const t of [
      'Kyc',
      'KycAnswer',
      'KycScore',
      'Relationship',
      'RelationshipInvitation',
      'Transaction',
      'Wallet',
      'TransactionAlert',
      'CaseNote',
      'StrReport',
      'Match',
      'MatchReview',
    ])
      expect(found, t).toContain(t);
  });

  it('each declared table is exported, or says why not', () => {
    for (const d of ENTITY_TABLES) {
      if (typeof d.exportAs === 'string') expect(d.exportAs, d.table).toMatch(/^[a-z][A-Za-z]+$/);
      else expect(d.exportAs.notExported.length, d.table).toBeGreaterThan(20);
    }
  });

  it('each text, JSON, date or enum column of a row erasure keeps is cleared, pseudonymised, or kept with a reason', async () => {
    const { columns } = await schema();
    const unhandled: string[] = [];
    for (const d of ENTITY_TABLES) {
      const own = columns.filter((c) => c.table === d.table);
      for (const name of [...Object.keys(d.personal ?? {}), ...(d.kept?.columns ?? [])])
        expect(
          own.some((c) => c.column === name),
          `${d.table}.${name} is declared but does not exist`,
        ).toBe(true);
      if (d.erase === 'delete') continue;
      if (d.kept) expect(d.kept.because.length, `${d.table}: the reason for keeping`).toBeGreaterThan(10);
      for (const c of own.filter(mayBePersonal)) {
        if (!(c.column in (d.personal ?? {})) && !d.kept?.columns.includes(c.column)) unhandled.push(`${d.table}.${c.column} (${c.udt})`);
      }
    }
    expect(unhandled, 'columns of kept rows that erasure neither handles nor keeps with a reason').toEqual([]);
  });

  it('the guard fails on a new table that points at an entity, and on a new personal column', async () => {
    const pool = db.current().pool;
    await pool.query(`CREATE TABLE "ZzLoyaltyCard" (id uuid PRIMARY KEY, "tenantId" uuid NOT NULL, "holderEntityId" uuid NOT NULL, "printedName" text)`);
    await pool.query(`CREATE TABLE "ZzLoyaltyScan" (id uuid PRIMARY KEY, "tenantId" uuid NOT NULL, "zzLoyaltyCardId" uuid NOT NULL, place text)`);
    await pool.query(`ALTER TABLE "CaseNote" ADD COLUMN "zzMood" text`);
    try {
      const s = await schema();
      const found = entityTables(s);
      expect(found).toContain('ZzLoyaltyCard');
      expect(found).toContain('ZzLoyaltyScan');
      const d = ENTITY_TABLES.find((t) => t.table === 'CaseNote')!;
      const extra = s.columns.filter(
        (c) => c.table === 'CaseNote' && mayBePersonal(c) && !(c.column in (d.personal ?? {})) && !d.kept?.columns.includes(c.column),
      );
      expect(extra.map((c) => c.column)).toEqual(['zzMood']);
    } finally {
      await pool.query(`DROP TABLE "ZzLoyaltyScan"; DROP TABLE "ZzLoyaltyCard"; ALTER TABLE "CaseNote" DROP COLUMN "zzMood"`);
    }
  });

  it('an attachment is deleted only when no table that points at attachments still does', async () => {
    const { columns, foreignKeys } = await schema();
    const referencing = new Set([
      ...foreignKeys.filter((fk) => fk.target === 'Attachment').map((fk) => fk.source),
      ...columns.filter((c) => c.column === 'attachmentId' || c.column === 'selfieId').map((c) => c.table),
    ]);
    for (const table of referencing) expect(ATTACHMENT_UNREFERENCED_SQL, table).toContain(`"${table}"`);
  });
});
