import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getOpenApiDocument } from './openapi-document';
import { renderOpenApiHtml } from './openapi-html';

/** Every route file under app/services/crm and its methods, as OpenAPI paths relative to /services/crm. */
function routeFiles(dir = 'app/services/crm', prefix = ''): { path: string; methods: string[] }[] {
  const out: { path: string; methods: string[] }[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const segment = entry.name.replace(/^\[(.+)\]$/, '{$1}');
      out.push(...routeFiles(full, `${prefix}/${segment}`));
    } else if (entry.name === 'route.ts') {
      const source = fs.readFileSync(full, 'utf8');
      const methods = [...source.matchAll(/export (?:const|\{[^}]*\b)(GET|POST|PATCH|PUT|DELETE)\b/g)].map((m) => m[1]!.toLowerCase());
      out.push({ path: prefix || '/', methods });
    }
  }
  return out;
}

const UNDOCUMENTED = new Set(['/openapi.json', '/docs']);

describe('OpenAPI document', () => {
  const doc = getOpenApiDocument() as unknown as { openapi: string; paths: Record<string, Record<string, unknown>> };

  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('documents every route under /services/crm, generated from the same schemas', () => {
    const missing: string[] = [];
    for (const route of routeFiles()) {
      if (UNDOCUMENTED.has(route.path)) continue;
      for (const method of route.methods) if (!doc.paths[route.path]?.[method]) missing.push(`${method.toUpperCase()} ${route.path}`);
    }
    expect(missing).toEqual([]);
  });

  it('renders a readable page naming each operation', () => {
    const html = renderOpenApiHtml(doc);
    expect(html).toContain('/health');
    expect(html).not.toMatch(/<script/i);
  });
});
