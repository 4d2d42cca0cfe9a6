// The ceiling for bench:api: a bare Node http server doing the same indexed list query with pg
// (page of 20 newest entities of one tenant + total count), no framework, no auth, no validation.
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const tenantId = process.env.BENCH_TENANT_ID!;

const server = http.createServer(async (req, res) => {
  try {
    const [rows, count] = await Promise.all([
      pool.query(
        `SELECT id, "crmId", role, type, status, "nameEn", "nameAr", email, "createdAt", "updatedAt"
           FROM "Entity" WHERE "tenantId" = $1 ORDER BY "createdAt" DESC, id DESC LIMIT 20 OFFSET 0`,
        [tenantId],
      ),
      pool.query('SELECT count(*)::int AS n FROM "Entity" WHERE "tenantId" = $1', [tenantId]),
    ]);
    const total = count.rows[0].n as number;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ meta: { page: 1, size: 20, totalCount: total, totalPages: Math.ceil(total / 20) }, data: rows.rows }));
  } catch (error) {
    res.writeHead(500);
    res.end(String(error));
  }
});

server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
