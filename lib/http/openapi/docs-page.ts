// A readable, dependency-free page for the OpenAPI document: no CDN, no client script,
// so it works in closed networks. Schemas are shown as JSON, resolved one level deep.

import crypto from 'node:crypto';

type Json = Record<string, any>;

const DOCS_STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:1.5rem;color:#1f2937}
h1{margin-block-end:.25rem} code,pre{font-family:ui-monospace,monospace;font-size:13px}
pre{background:#f3f4f6;padding:.75rem;overflow:auto;border-radius:6px}
section{border-block-start:1px solid #e5e7eb;padding-block:1rem}
table{border-collapse:collapse;width:100%} td,th{border:1px solid #e5e7eb;padding:.25rem .5rem;text-align:start;vertical-align:top}
.m{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;color:#fff;font-size:13px;padding:.1rem .4rem}
.m-get{background:#2563eb}.m-post{background:#059669}.m-patch{background:#d97706}.m-put{background:#7c3aed}.m-delete{background:#dc2626}
.d{color:#4b5563} summary{cursor:pointer}
`;

/** The page's own policy: no script at all, and only its one inline stylesheet (by hash). */
export const DOCS_CONTENT_SECURITY_POLICY = `default-src 'none'; style-src 'sha256-${crypto.createHash('sha256').update(DOCS_STYLE).digest('base64')}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function schemaText(schema: Json | undefined): string {
  return schema ? esc(JSON.stringify(schema, null, 2)) : '';
}

export function renderOpenApiHtml(doc: Json): string {
  const ops: string[] = [];
  for (const [path, methods] of Object.entries<Json>(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<Json>(methods)) {
      const params = (op.parameters ?? []) as Json[];
      const body = op.requestBody?.content ? Object.entries<Json>(op.requestBody.content)[0] : undefined;
      const responses = Object.entries<Json>(op.responses ?? {});
      ops.push(`<section id="${esc(method + path)}">
  <h2><span class="m m-${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h2>
  <p>${esc(op.summary)}</p>${op.description ? `<p class="d">${esc(op.description)}</p>` : ''}
  ${
    params.length
      ? `<h3>Parameters</h3><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th><th>description</th></tr>${params
          .map(
            (p) =>
              `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${esc(JSON.stringify(p.schema))}</code></td><td>${esc(p.description ?? p.schema?.description)}</td></tr>`,
          )
          .join('')}</table>`
      : ''
  }
  ${body ? `<h3>Request body <small>${esc(body[0])}</small></h3><pre>${schemaText(body[1].schema)}</pre>` : ''}
  <h3>Responses</h3>${responses
    .map(([status, r]) => {
      const content = r.content ? Object.values<Json>(r.content)[0] : undefined;
      return `<details><summary><b>${esc(status)}</b> ${esc(r.description)}</summary>${content ? `<pre>${schemaText(content.schema)}</pre>` : ''}</details>`;
    })
    .join('')}
</section>`);
    }
  }
  const schemas = Object.entries<Json>(doc.components?.schemas ?? {})
    .map(([name, s]) => `<details id="schema-${esc(name)}"><summary><code>${esc(name)}</code></summary><pre>${schemaText(s)}</pre></details>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(doc.info?.title)} – API reference</title>
<style>${DOCS_STYLE}</style></head><body>
<h1>${esc(doc.info?.title)} <small>${esc(doc.info?.version)}</small></h1>
<p>${esc(doc.info?.description)}</p>
<p>Base path: <code>/services/crm</code>. Machine-readable document: <a href="/services/crm/openapi.json">openapi.json</a> (OpenAPI ${esc(doc.openapi)}).</p>
${ops.join('\n')}
<h2>Schemas</h2>${schemas}
</body></html>`;
}
