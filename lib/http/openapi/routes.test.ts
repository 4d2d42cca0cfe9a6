import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getOpenApiDocument, ROUTES } from '@/app/services/crm/route-manifest';
import { listRouteFiles, MANIFEST, renderManifest } from '@/scripts/generate-route-manifest';
import { HTTP_METHODS, type RouteHandler } from '@/lib/http/route';
import { renderOpenApiHtml } from './docs-page';

type Doc = { openapi: string; paths: Record<string, Record<string, { summary?: string; responses: Record<string, unknown> }>> };
const doc = getOpenApiDocument() as unknown as Doc;

/** Every route file under a folder (catch-alls included), as [file, path below the folder]. */
function routeFilesUnder(dir: string, prefix = ''): [string, string][] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry): [string, string][] => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFilesUnder(full, `${prefix}/${entry.name.replace(/^\[(.+)\]$/, '{$1}')}`);
    return entry.name === 'route.ts' ? [[full, prefix]] : [];
  });
}

describe('each route declares its contract once, and the OpenAPI document is built from them', () => {
  it('the route manifest lists exactly the route files (run `npm run routes:manifest` after adding a route)', () => {
    expect(fs.readFileSync(MANIFEST, 'utf8')).toBe(renderManifest());
    expect(ROUTES.map((r) => r.path)).toEqual(listRouteFiles().map(([, p]) => p));
  });

  it('documents every method of every route under /services/crm and /crm/webhook, and nothing else', async () => {
    const documented = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)));
    const served = new Set<string>();
    const files = [
      ...routeFilesUnder('app/services/crm').map(([file, p]) => [file, p] as const),
      ...routeFilesUnder('app/crm/webhook').map(([file, p]) => [file, `/crm/webhook${p}`] as const),
    ];
    for (const [file, apiPath] of files) {
      if (apiPath.includes('{...')) continue; // the catch-all 404 route
      const routeModule = (await import(`@/${file.replace(/\.ts$/, '')}`)) as Record<string, RouteHandler>;
      for (const method of HTTP_METHODS) {
        const handler = routeModule[method];
        expect(handler, `${file} exports ${method} (a declared handler or a JSON 405)`).toBeTypeOf('function');
        if (handler.contract) served.add(`${method} ${apiPath}`);
      }
    }
    const undocumented = [...served].filter((op) => !documented.has(op));
    const withoutRoute = [...documented].filter((op) => !served.has(op));
    expect(undocumented, 'served but not in the OpenAPI document').toEqual([]);
    expect(withoutRoute, 'documented but served by no route').toEqual([]);
  });

  it('gives every operation a summary and a success response', () => {
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [m, op] of Object.entries(ops)) {
        expect(op.summary, `${m} ${p}`).toMatch(/\w/);
        expect(
          Object.keys(op.responses).some((s) => /^2\d\d$/.test(s)),
          `${m} ${p}`,
        ).toBe(true);
      }
    }
  });

  it('serves /crm/webhook/* with the very handlers of /services/crm/crm/webhook/*', async () => {
    for (const name of ['health', 'status', 'test']) {
      const outside = await import(`@/app/crm/webhook/${name}/route`);
      const inside = await import(`@/app/services/crm/crm/webhook/${name}/route`);
      for (const method of HTTP_METHODS) expect(outside[method], `${method} /crm/webhook/${name}`).toBe(inside[method]);
    }
  });

  it('is OpenAPI 3.1 and renders a readable page without script', () => {
    expect(doc.openapi).toBe('3.1.0');
    const html = renderOpenApiHtml(doc);
    expect(html).toContain('/health');
    expect(html).not.toMatch(/<script/i);
  });
});
