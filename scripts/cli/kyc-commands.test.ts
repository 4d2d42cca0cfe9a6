import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { withTenant } from '@/lib/db/tenant-tx';
import { kycThresholds } from '@/lib/kyc/score-kyc';
import { kycCommands } from './kyc-commands';

useTestDatabase();

const load = kycCommands['country-risk:load']!;
const show = kycCommands['country-risk:show']!;

function file(name: string, text: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'country-risk-'));
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
}

describe('npm run crm -- country-risk:load / country-risk:show', () => {
  it('shows the shipped FATF table, loads a newer CSV over it and refuses an older one without --force', async () => {
    const shipped = (await show.run({}, [])) as any;
    expect(shipped.source).toMatch(/^FATF/);
    expect(shipped.asOf).toBe('2026-02-13');
    expect(shipped.codes).toBeGreaterThan(240);
    expect(shipped.notLow).toEqual(expect.arrayContaining([{ code: 'IR', grade: 'High', basis: 'FATF: call for action (countermeasures)' }]));

    const csv = file('fatf-2026-06.csv', 'code,grade,basis\nIR,High,call for action\nKP,High,call for action\nYE,Medium,increased monitoring\n');
    const loaded = (await load.run({ source: 'FATF statements of June 2026', 'as-of': '2026-06-26', 'default-grade': 'Low' }, [csv])) as any;
    expect(loaded).toMatchObject({ asOf: '2026-06-26', source: 'FATF statements of June 2026', previousAsOf: '2026-02-13', grades: { High: 2, Medium: 1 } });
    const after = (await show.run({}, [])) as any;
    expect(after).toMatchObject({ asOf: '2026-06-26', grades: { High: 2, Medium: 1 } });
    expect(after.notLow.map((r: { code: string }) => r.code)).toEqual(['IR', 'KP', 'YE']);

    const older = file('old.csv', 'code,grade,basis\nIR,Medium,old\n');
    await expect(load.run({ source: 'old list', 'as-of': '2025-01-01' }, [older])).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    const forced = (await load.run({ source: 'old list', 'as-of': '2025-01-01', force: true }, [older])) as any;
    expect(forced).toMatchObject({ loaded: 1, asOf: '2025-01-01' });
  });

  it('names what is wrong with a file', async () => {
    await expect(load.run({}, [])).rejects.toThrow(/usage/);
    await expect(load.run({}, ['/no/such/file.json'])).rejects.toThrow(/cannot read/);
    await expect(load.run({ format: 'xml' }, [file('x.json', '{}')])).rejects.toThrow(/--format/);
    const bad = file('bad.csv', 'code,grade,basis\nZZZ,Extreme,?\n');
    await expect(load.run({ source: 's', 'as-of': '2027-01-01' }, [bad])).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('npm run crm -- tenant:kyc-thresholds', () => {
  it('sets the thresholds the scoring reads, and refuses a Medium line that is not below the High one', async () => {
    const t = await createTestTenant();
    const set = kycCommands['tenant:kyc-thresholds']!;
    expect(await withTenant(t.id, (tx) => kycThresholds(tx, t.id))).toEqual({ mediumFrom: 40, highFrom: 70 });
    expect(await set.run({ tenant: t.slug, 'medium-from': '30', 'high-from': '60.5' }, [])).toEqual({ tenant: t.slug, mediumFrom: 30, highFrom: 60.5 });
    expect(await withTenant(t.id, (tx) => kycThresholds(tx, t.id))).toEqual({ mediumFrom: 30, highFrom: 60.5 });
    await expect(set.run({ tenant: t.slug, 'medium-from': '70', 'high-from': '60' }, [])).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(set.run({ tenant: t.slug, 'medium-from': 'x', 'high-from': '60' }, [])).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(set.run({ tenant: t.slug, 'medium-from': '10' }, [])).rejects.toThrow(/high-from/);
  });
});
