import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { arabicValidationMessage, validationErrorIn } from './validation-text';
import { formatIssues } from './validation';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ARABIC = /[\u0600-\u06FF]/;

/** The zod methods whose string arguments (or `{message}` / `{error}`) are messages. */
const ZOD_MESSAGE_METHODS = new Set([
  'refine',
  'min',
  'max',
  'length',
  'regex',
  'email',
  'url',
  'int',
  'positive',
  'nonnegative',
  'gt',
  'gte',
  'lt',
  'lte',
  'nonempty',
  'uuid',
  'datetime',
  'date',
  'union',
  'enum',
]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Every validation message the code can produce, as written: the arguments of AppError.validation,
 * of the problem lists (problems.push, problem(field, message)), of zod's checks and addIssue, and
 * of the webhook address refusals; a `${…}` part stays as written. Identifiers are followed to a
 * string constant of the same file.
 */
function messagesInSource(): { text: string; at: string; withPath: boolean }[] {
  const found: { text: string; at: string; withPath: boolean }[] = [];
  for (const file of [...sourceFiles(path.join(ROOT, 'lib')), ...sourceFiles(path.join(ROOT, 'app'))]) {
    const source = fs.readFileSync(file, 'utf8');
    if (!/AppError\.validation|problems\.push|problem\(|addIssue|\.refine\(|UnsafeUrlError\(|'[a-z][^']*'\)/.test(source)) continue;
    const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
    const constants = new Map<string, ts.Expression>();
    const collectConstants = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) constants.set(node.name.text, node.initializer);
      ts.forEachChild(node, collectConstants);
    };
    collectConstants(sf);
    const textOf = (node: ts.Expression): string | null => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
      if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => '${…}' + span.literal.text).join('');
      if (ts.isIdentifier(node) && constants.has(node.text)) {
        const value = constants.get(node.text)!;
        return ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value) ? value.text : null;
      }
      if (ts.isConditionalExpression(node)) return null;
      return null;
    };
    const add = (node: ts.Expression, withPath: boolean) => {
      const candidates = ts.isConditionalExpression(node) ? [node.whenTrue, node.whenFalse] : [node];
      for (const candidate of candidates) {
        const text = textOf(candidate);
        if (text !== null)
          found.push({ text, at: `${path.relative(ROOT, file)}:${sf.getLineAndCharacterOfPosition(candidate.getStart()).line + 1}`, withPath });
      }
    };
    const messageProperty = (node: ts.Expression) => {
      if (!ts.isObjectLiteralExpression(node)) return;
      for (const property of node.properties) {
        if (ts.isPropertyAssignment(property) && ['message', 'error'].includes(property.name.getText(sf))) add(property.initializer, false);
      }
    };
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
        const receiver = ts.isPropertyAccessExpression(callee) ? callee.expression.getText(sf) : '';
        if (name === 'validation' && receiver === 'AppError') node.arguments.forEach((a) => add(a, true));
        else if (name === 'push' && receiver === 'problems') node.arguments.forEach((a) => add(a, true));
        else if (name === 'problem' && node.arguments.length === 2) add(node.arguments[1], false);
        else if (name === 'addIssue') node.arguments.forEach(messageProperty);
        else if (ts.isPropertyAccessExpression(callee) && ZOD_MESSAGE_METHODS.has(name)) {
          for (const a of node.arguments) {
            if (ts.isObjectLiteralExpression(a)) messageProperty(a);
            else if (!ts.isArrowFunction(a) && !ts.isFunctionExpression(a) && !ts.isRegularExpressionLiteral(a)) add(a, false);
          }
        }
      }
      if (ts.isNewExpression(node) && node.expression.getText(sf) === 'UnsafeUrlError') node.arguments?.forEach((a) => add(a, false));
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}

/** Values tried for a message's `${…}` parts: a number, a word, a field path, a code, a host. */
const SAMPLES = ['7', 'Number', 'relationships.0', 'SAR', 'hooks.example.com'];

function translatable(message: string): boolean {
  if (!message.includes('${…}')) return arabicValidationMessage(message) !== null;
  return SAMPLES.some((sample) => arabicValidationMessage(message.replaceAll('${…}', sample)) !== null);
}

describe('validation messages in Arabic', () => {
  it('knows every message the code writes (a new one without Arabic fails here)', () => {
    const found = messagesInSource();
    // The scan itself must see the messages it is meant to: a few known ones, from each kind of place.
    const texts = new Set(found.map((f) => f.text));
    for (const known of [
      'currentPassword: not your current password',
      'not a question of this form',
      'must not be after today',
      'used twice in this form',
      'not a valid URL',
    ]) {
      expect(texts).toContain(known);
    }
    expect(found.length).toBeGreaterThan(120);
    const missing = found
      .map(({ text, at, withPath }) => ({ at, message: withPath && /^[^\s:]*(\$\{…\}[^\s:]*)*: /.test(text) ? text.slice(text.indexOf(': ') + 2) : text }))
      // A whole-entry template (`${path}: ${message}`) only relays a message found elsewhere.
      .filter(({ message }) => message !== '${…}' && !translatable(message));
    expect(missing).toEqual([]);
  });

  it('reads zod’s own messages, as formatIssues writes them, in Arabic', () => {
    const schema = z.object({
      name: z.string().min(1).max(50),
      email: z.email(),
      id: z.uuid(),
      count: z.number().int().min(0).max(10),
      role: z.enum(['client', 'prospect']),
      tags: z.array(z.string()).min(1),
      flag: z.boolean(),
      at: z.iso.datetime(),
      day: z.iso.date(),
    });
    const entries = formatIssues(
      schema.safeParse({
        name: 'x'.repeat(51),
        email: 'not-an-email',
        id: 'nope',
        count: 1.5,
        role: 'other',
        tags: [],
        flag: 'yes',
        at: 'soon',
        day: '2026-13-40',
      }).error!,
    ).concat(
      formatIssues(schema.safeParse({ name: '', count: -1 }).error!),
      formatIssues(z.strictObject({ a: z.string() }).safeParse({ a: 'x', b: 1 }).error!),
    );
    expect(entries.length).toBeGreaterThanOrEqual(12);
    for (const entry of entries) {
      const arabic = validationErrorIn(entry, 'ar');
      const [path] = entry.split(': ');
      expect(arabic.startsWith(`${path}: `), entry).toBe(true);
      expect(arabic, entry).toMatch(ARABIC);
      expect(arabic, entry).not.toContain('قيمة غير صالحة (');
    }
    expect(validationErrorIn('name: Invalid input: expected string, received undefined', 'ar')).toBe('name: مطلوب');
    expect(validationErrorIn('name: Too big: expected string to have <=50 characters', 'ar')).toBe('name: طويل جدًا: يجب ألا يزيد عدد المحارف على 50');
    expect(validationErrorIn('count: Too small: expected number to be >=0', 'ar')).toBe('count: قيمة صغيرة جدًا: يجب ألا تقل عن 0');
  });

  it('keeps English as it is, the field path as sent, and an unknown message visible', () => {
    expect(validationErrorIn('email: Invalid email address', 'en')).toBe('email: Invalid email address');
    expect(validationErrorIn('email: Invalid email address', 'ar')).toBe('email: عنوان بريد إلكتروني غير صالح');
    expect(validationErrorIn('phoneNumber: too long for dialing code +966', 'ar')).toBe('phoneNumber: طويل جدًا لرمز الاتصال الدولي +966');
    expect(validationErrorIn('x: something new', 'ar')).toBe('x: قيمة غير صالحة (something new)');
  });
});
