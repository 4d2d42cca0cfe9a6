import { describe, expect, it } from 'vitest';
import { GET as listEntities } from '@/app/services/crm/entities/route';
import { callRoute } from '@/scripts/testing/api';
import { runCli } from '@/scripts/testing/cli';
import { useTestDatabase } from '@/scripts/testing/db';

const db = useTestDatabase();

const crm = (...args: string[]) => runCli(db.current().url, args);

describe('npm run crm', () => {
  it('tenant:create prints {tenant, apiKey} and the key works against the API', async () => {
    const r = await crm('tenant:create', '--slug', 'acme', '--name-en', 'Acme', '--name-ar', 'أكمي');
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out).sort()).toEqual(['apiKey', 'tenant']);
    expect(out.tenant).toBe('acme');
    const res = await callRoute(listEntities, 'GET', '/services/crm/entities', { headers: { 'x-api-key': out.apiKey, 'x-tenant': 'acme' } });
    expect(res.status).toBe(200);
  }, 60_000);

  it('apikey:create prints a second working key', async () => {
    const r = await crm('apikey:create', '--tenant', 'acme');
    expect(r.code, r.stderr).toBe(0);
    const { apiKey } = JSON.parse(r.stdout);
    expect(apiKey).toMatch(/^crm_[a-z0-9]{12}_/);
    const res = await callRoute(listEntities, 'GET', '/services/crm/entities', { headers: { 'x-api-key': apiKey, 'x-tenant': 'acme' } });
    expect(res.status).toBe(200);
  }, 60_000);

  it('apikey:list shows the keys without secrets; apikey:revoke takes the prefix from the key itself', async () => {
    const { apiKey } = JSON.parse((await crm('apikey:create', '--tenant', 'acme', '--label', 'to revoke')).stdout);
    const prefix = apiKey.split('_')[1];
    const listed = JSON.parse((await crm('apikey:list', '--tenant', 'acme')).stdout).apiKeys;
    expect(listed.length).toBe(3);
    expect(listed[0]).toMatchObject({ prefix, label: 'to revoke', revokedAt: null });
    expect(Object.keys(listed[0]).sort()).toEqual(['createdAt', 'id', 'label', 'lastUsedAt', 'prefix', 'revokedAt']);
    // the whole secret after `crm_<prefix>_` (base64url: it may itself contain `_`)
    expect(JSON.stringify(listed)).not.toContain(apiKey.slice(`crm_${prefix}_`.length));

    const revoked = await crm('apikey:revoke', '--tenant', 'acme', '--prefix', prefix);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(JSON.parse(revoked.stdout)).toEqual({ revoked: true });
    const res = await callRoute(listEntities, 'GET', '/services/crm/entities', { headers: { 'x-api-key': apiKey, 'x-tenant': 'acme' } });
    expect(res.status).toBe(401);
    const after = JSON.parse((await crm('apikey:list', '--tenant', 'acme')).stdout).apiKeys;
    expect(after.find((k: { prefix: string }) => k.prefix === prefix).revokedAt).not.toBeNull();
    // Once is enough: a second revoke names no active key.
    expect((await crm('apikey:revoke', '--tenant', 'acme', '--id', listed[0].id)).stderr).toMatch(/NOT_FOUND/);
  }, 60_000);

  it("apikey:revoke cannot reach another tenant's key", async () => {
    const other = JSON.parse((await crm('tenant:create', '--slug', 'other', '--name-en', 'Other')).stdout);
    const r = await crm('apikey:revoke', '--tenant', 'acme', '--prefix', other.apiKey.split('_')[1]);
    expect(r.stderr).toMatch(/NOT_FOUND/);
    const res = await callRoute(listEntities, 'GET', '/services/crm/entities', { headers: { 'x-api-key': other.apiKey, 'x-tenant': 'other' } });
    expect(res.status).toBe(200);
  }, 60_000);

  it('user:create stores an argon2id hash, never the password', async () => {
    const r = await crm('user:create', '--email', 'Officer@Acme.test', '--password', 'correct horse battery', '--role', 'officer', '--tenant', 'acme');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ email: 'officer@acme.test', role: 'officer', tenant: 'acme' });
    const row = await db.current().pool.query(`SELECT "passwordHash" FROM "User" WHERE email = 'officer@acme.test'`);
    expect(row.rows[0].passwordHash).toMatch(/^\$argon2id\$/);
  }, 60_000);

  it('user:create --name gives the officer a display name (shown in the app and on the STR as first and last name)', async () => {
    const r = await crm(
      'user:create',
      '--email',
      'huda@acme.test',
      '--password',
      'correct horse battery',
      '--role',
      'officer',
      '--tenant',
      'acme',
      '--name',
      '  Huda Saleh Al-Otaibi ',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ email: 'huda@acme.test', role: 'officer', tenant: 'acme', displayName: 'Huda Saleh Al-Otaibi' });
    const row = await db.current().pool.query(`SELECT "displayName" FROM "User" WHERE email = 'huda@acme.test'`);
    expect(row.rows[0].displayName).toBe('Huda Saleh Al-Otaibi');
    // Without --name the e-mail's local part stands in, as before.
    const bare = await crm('user:create', '--email', 'maker@acme.test', '--password', 'correct horse battery', '--role', 'officer', '--tenant', 'acme');
    expect(JSON.parse(bare.stdout)).toMatchObject({ displayName: 'maker' });
  }, 60_000);

  it('user:set-password lets a platform administrator back in and ends their sessions; user:reset-mfa removes a lost second factor', async () => {
    expect((await crm('user:create', '--email', 'root@platform.test', '--password', 'first password 1', '--role', 'admin')).code).toBe(0);
    await db.current().pool.query(`UPDATE "User" SET "mfaSecret" = 'v1.x.y.z', "mfaEnabledAt" = now() WHERE email = 'root@platform.test'`);
    const set = await crm('user:set-password', '--email', 'root@platform.test', '--password', 'second password 2');
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({ endedSessions: 0 });
    const reset = await crm('user:reset-mfa', '--email', 'Root@Platform.test');
    expect(reset.code, reset.stderr).toBe(0);
    const [row] = (await db.current().pool.query(`SELECT "mfaSecret", "mfaEnabledAt", "passwordHash" FROM "User" WHERE email = 'root@platform.test'`)).rows;
    expect(row).toMatchObject({ mfaSecret: null, mfaEnabledAt: null });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const actions = (
      await db.current().pool.query(`SELECT action, "actorType" FROM "AuditLog" WHERE action IN ('auth.password-set', 'user.mfa-reset') ORDER BY "createdAt"`)
    ).rows;
    expect(actions).toEqual([
      { action: 'auth.password-set', actorType: 'cli' },
      { action: 'user.mfa-reset', actorType: 'cli' },
    ]);
    expect((await crm('user:set-password', '--email', 'root@platform.test', '--password', 'short')).code).toBe(1);
  }, 60_000);

  it.each([
    [['tenant:create', '--slug', 'acme', '--name-en', 'Again'], /CONFLICT/],
    [['tenant:create', '--slug', 'Bad Slug', '--name-en', 'X'], /slug/],
    [['tenant:create', '--name-en', 'X'], /--slug/],
    [['apikey:create', '--tenant', 'nobody'], /NOT_FOUND/],
    [['user:create', '--email', 'not-an-email', '--password', 'long enough pw', '--role', 'officer', '--tenant', 'acme'], /email/],
    [['user:create', '--email', 'x@y.z', '--password', 'long enough pw', '--role', 'boss', '--tenant', 'acme'], /role/],
    [['user:create', '--email', 'blank@acme.test', '--password', 'long enough pw', '--role', 'officer', '--tenant', 'acme', '--name', '  '], /--name/],
    [['apikey:revoke', '--tenant', 'acme', '--id', 'not-a-uuid'], /NOT_FOUND/],
    [['apikey:revoke', '--tenant', 'acme'], /--prefix or --id/],
    [['apikey:revoke', '--tenant', 'acme', '--id', '6f1c0e64-1b7e-4c55-9d0a-3f0f5d8e2a11', '--prefix', 'abc'], /--prefix or --id/],
    [['no:such-command'], /usage/],
  ])(
    'fails with a non-zero exit and one line on stderr: %j',
    async (args, pattern) => {
      const r = await crm(...(args as string[]));
      expect(r.code).not.toBe(0);
      expect(r.stdout).toBe('');
      if (args[0] !== 'no:such-command') expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(pattern);
    },
    60_000,
  );
});
