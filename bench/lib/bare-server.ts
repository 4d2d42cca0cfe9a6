// The ceiling for bench:api: a bare Node http server running the same indexed queries with pg as
// GET /services/crm/entities (page of ids newest first, total from the same EntityCount rows, then
// the page's stored entity documents), without framework, authentication, validation,
// row-level-security transaction, nationality or logging.
import http from 'node:http';
import pg from 'pg';
import { ENTITY_DOCUMENTS_SQL } from '@/lib/entities/entity-json-sql';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const tenantId = process.env.BENCH_TENANT_ID!;

const server = http.createServer(async (req, res) => {
  try {
    const [page, count] = await Promise.all([
      pool.query({
        name: 'bare_page',
        text: 'SELECT id FROM "Entity" WHERE "tenantId" = $1 ORDER BY "createdAt" DESC, id DESC LIMIT 20 OFFSET 0',
        values: [tenantId],
      }),
      pool.query({ name: 'bare_count', text: 'SELECT coalesce(sum(n), 0)::int AS n FROM "EntityCount" WHERE "tenantId" = $1', values: [tenantId] }),
    ]);
    const ids = page.rows.map((r: { id: string }) => r.id);
    const rows = await pool.query({ name: 'bare_entities', text: ENTITY_DOCUMENTS_SQL, values: [tenantId, ids] });
    const byId = new Map(rows.rows.map((r: { entityId: string; document: string }) => [r.entityId, r.document]));
    const total = count.rows[0].n as number;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`{"meta":${JSON.stringify({ page: 1, size: 20, totalCount: total, totalPages: Math.ceil(total / 20) })},"data":[${ids.map((id) => byId.get(id)).join(',')}]}`);
  } catch (error) {
    res.writeHead(500);
    res.end(String(error));
  }
});

server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
