import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { AUDIT_ACTION_FAMILIES } from './audit-actions';

const ROOT = path.resolve(import.meta.dirname, '../..');
const listed = new Set(AUDIT_ACTION_FAMILIES.flatMap(([, actions]) => actions));
const families = AUDIT_ACTION_FAMILIES.map(([family]) => family);
const labelKey = (action: string) => action.replace(/[.-]/g, '_');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.includes('.test.') ? [full] : [];
  });
}

/**
 * The literal audit actions the service writes: quoted `family.name` strings on lines that pass an
 * action (`action: …`, `audit(…, 'auth.x', …)`) or insert into the audit log in SQL.
 */
function writtenActions(): Map<string, string> {
  const found = new Map<string, string>();
  const literal = new RegExp(`'((?:${families.join('|')})\\.[a-zA-Z.-]+)'`, 'g');
  for (const file of sourceFiles(path.join(ROOT, 'lib'))) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!/\baction\b|audit\(|"AuditLog"/.test(line) || /^\s*(\*|\/\/)/.test(line)) continue;
      for (const [, action] of line.matchAll(literal)) found.set(action, path.relative(ROOT, file));
    }
  }
  return found;
}

describe('audit action labels', () => {
  it('every audit action the service writes is in the filter and has an English and an Arabic label', () => {
    const written = writtenActions();
    expect(written.size).toBeGreaterThan(40);
    const unlisted = [...written].filter(([action]) => !listed.has(action)).map(([a, file]) => `${a} (${file})`);
    expect(unlisted).toEqual([]);
    const enActions = en.auditLog.actions as Record<string, string>;
    const arActions = ar.auditLog.actions as Record<string, string>;
    const unlabelled = [...listed].filter((a) => !enActions[labelKey(a)] || !arActions[labelKey(a)]);
    expect(unlabelled).toEqual([]);
  });
});
