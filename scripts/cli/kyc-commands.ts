import fs from 'node:fs';
import { withPlatform, withTenant } from '@/lib/db/tenant-tx';
import { AppError } from '@/lib/core/errors';
import { thresholdsInput } from '@/lib/kyc/schemas';
import { getTenantBySlug } from '@/lib/tenancy/tenants';
import { sqlOf } from '@/lib/db/sql';
import { listCountryRisks, loadCountryRiskTable, parseCountryRiskFile } from '@/lib/reference/country-risk';
import { CliError, required, type Command } from './command';

const LOAD_USAGE = 'country-risk:load [--format json|csv] [--source "FATF statements of …" --as-of YYYY-MM-DD --default-grade Low] [--force] FILE';

export const kycCommands: Record<string, Command> = {
  // The tenant's risk-level thresholds: riskScore below mediumFrom is Low, from highFrom High.
  'tenant:kyc-thresholds': {
    usage: 'tenant:kyc-thresholds --tenant acme --medium-from 40 --high-from 70',
    options: { tenant: 'string', 'medium-from': 'string', 'high-from': 'string' },
    run: async (o) => {
      const tenant = await getTenantBySlug({ slug: required(o, 'tenant') });
      const parsed = thresholdsInput.safeParse({ mediumFrom: Number(required(o, 'medium-from')), highFrom: Number(required(o, 'high-from')) });
      if (!parsed.success) throw AppError.validation(...parsed.error.issues.map((i) => `${i.path.join('.') || 'mediumFrom'}: ${i.message}`));
      const { mediumFrom, highFrom } = parsed.data;
      const row = await withTenant(tenant.id, (tx) =>
        tx.kycSettings.upsert({ where: { tenantId: tenant.id }, create: { tenantId: tenant.id, mediumFrom, highFrom }, update: { mediumFrom, highFrom } }),
      );
      return { tenant: tenant.slug, mediumFrom: Number(row.mediumFrom), highFrom: Number(row.highFrom) };
    },
  },
  // Replaces the platform's country-risk table (the grades of Nationality answers) with a newer file.
  'country-risk:load': {
    usage: LOAD_USAGE,
    options: { format: 'string', source: 'string', 'as-of': 'string', 'default-grade': 'string', force: 'boolean' },
    positionals: true,
    run: async (o, positionals) => {
      const path = positionals[0];
      if (!path || positionals.length > 1) throw new CliError(`usage: ${LOAD_USAGE}`);
      const format = (o.format as string | undefined) ?? (path.toLowerCase().endsWith('.csv') ? 'csv' : 'json');
      if (format !== 'json' && format !== 'csv') throw new CliError('--format must be json or csv');
      let text: string;
      try {
        text = fs.readFileSync(path, 'utf8');
      } catch {
        throw new CliError(`cannot read ${path}`);
      }
      const file = parseCountryRiskFile(text, format, {
        source: o.source as string | undefined,
        asOf: o['as-of'] as string | undefined,
        defaultGrade: o['default-grade'] as string | undefined,
      });
      return loadCountryRiskTable({ file, force: o.force === true });
    },
  },
  // What the table holds now: its source and date, the number of codes per grade and the graded ones.
  'country-risk:show': {
    usage: 'country-risk:show',
    options: {},
    run: async () => {
      const rows = await withPlatform((tx) => listCountryRisks(sqlOf(tx)));
      const first = rows[0];
      return {
        source: first?.source ?? null,
        asOf: first?.asOf ?? null,
        codes: rows.length,
        grades: Object.fromEntries(['Low', 'Medium', 'High'].map((g) => [g, rows.filter((r) => r.grade === g).length])),
        notLow: rows.filter((r) => r.grade !== 'Low').map((r) => ({ code: r.code, grade: r.grade, basis: r.basis })),
      };
    },
  },
};
