// The ceiling for bench:api: a bare Node http server sending the same response body as
// GET /services/crm/entities?page=1&size=20 from the same statement (crm_entity_list_body: the
// page's ids newest first, the total from EntityCount, the page's stored documents joined by
// PostgreSQL), without framework, authentication, validation, rate limit or logging.
import http from 'node:http';
import pg from 'pg';
import { databasePoolSize } from '@/lib/db/config';

// The service's pool size (DATABASE_POOL_SIZE, default 4), the best size for this ceiling too:
// with 20 connections it served 12% fewer requests per second on 2 cores.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: databasePoolSize() });
const tenantId = process.env.BENCH_TENANT_ID!;

const server = http.createServer(async (req, res) => {
  try {
    const { rows } = await pool.query({
      name: 'bare_page',
      text: 'SELECT crm_entity_list_body($1, NULL, NULL, NULL, NULL, NULL, NULL, 1, 20) AS body',
      values: [tenantId],
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(rows[0].body);
  } catch (error) {
    res.writeHead(500);
    res.end(String(error));
  }
});

server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
