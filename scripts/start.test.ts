import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '@/bench/lib/server';

// `npm start` as a new user runs it: embedded PostgreSQL (no DATABASE_URL), migrations, the
// production build, Next.js and the worker. Uses the build from `next build` (npm test builds
// before running Vitest; without a build, start.ts builds first and this test takes minutes).

function startService(env: Record<string, string>): ChildProcess {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: { ...rest, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitForHealth(url: string, deadlineMs: number): Promise<any> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      const res = await fetch(url);
      const body = await res.json();
      if (res.status === 200 && body.jobQueue?.status === 'ok') return body;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`no healthy answer from ${url}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('npm start', () => {
  it('serves with the embedded database, stops cleanly on SIGTERM and keeps data across restarts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-start-'));
    fs.chmodSync(dir, 0o755);
    const env = { EMBEDDED_PG_DIR: path.join(dir, 'pg'), EMBEDDED_PG_PORT: String(await freePort()), PORT: String(await freePort()), HOST: '127.0.0.1' };
    const base = `http://127.0.0.1:${env.PORT}`;
    try {
      let service = startService(env);
      const health = await waitForHealth(`${base}/services/crm/health`, 240_000);
      // npm start runs one worker process beside Next.js.
      expect(health).toMatchObject({ status: 'ok', database: { status: 'ok' }, jobQueue: { status: 'ok', workers: 1 } });
      const webhookHealth = await (await fetch(`${base}/crm/webhook/health`)).json();
      expect(webhookHealth.status).toBe('ok');
      // Data written through the running service's database.
      const unauth = await fetch(`${base}/services/crm/entities`);
      expect(unauth.status).toBe(401);
      expect((await unauth.json()).message.ar).toMatch(/[\u0600-\u06FF]/);

      expect(await stop(service)).toBe(0);
      // A clean PostgreSQL shutdown removes its pid file.
      expect(fs.existsSync(path.join(env.EMBEDDED_PG_DIR, 'postmaster.pid'))).toBe(false);

      // The CLI works against the stopped installation (it starts the embedded server itself).
      const cli = spawn(path.resolve('node_modules/.bin/tsx'), ['scripts/crm.ts', 'tenant:create', '--slug', 'persist', '--name-en', 'Persist'], {
        env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL')), ...env } as unknown as NodeJS.ProcessEnv,
      });
      let out = '';
      cli.stdout.on('data', (d: Buffer) => (out += d.toString()));
      expect(await new Promise((r) => cli.once('exit', r))).toBe(0);
      const { apiKey } = JSON.parse(out);

      service = startService(env);
      await waitForHealth(`${base}/services/crm/health`, 120_000);
      const auth = { 'x-api-key': apiKey, 'x-tenant': 'persist' };
      const res = await fetch(`${base}/services/crm/entities`, { headers: auth });
      expect(res.status).toBe(200);
      // A cached KYC form (the new tenant's template flow) reaches fetch, which asks for gzip and
      // decodes it, as the JSON an identity request gets: the gzip bytes kept with the form pass
      // through Next.js's response copy and its compression untouched (instrumentation.ts).
      const flows = await (await fetch(`${base}/services/crm/kyc-flows`, { headers: auth })).json();
      const flow = flows.data.find((f: { isDefault: boolean }) => f.isDefault);
      const formUrl = `${base}/services/crm/kyc-flows/${flow.id}/forms/${flow.forms[0].id}`;
      const identity = await fetch(formUrl, { headers: { ...auth, 'accept-encoding': 'identity' } });
      expect(identity.headers.get('content-encoding')).toBeNull();
      const gzipped = await fetch(formUrl, { headers: auth });
      expect(gzipped.headers.get('content-encoding')).toBe('gzip');
      expect(gzipped.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(gzipped.headers.get('etag')).toBe(identity.headers.get('etag'));
      expect(await gzipped.text()).toBe(await identity.text());
      expect(await stop(service)).toBe(0);
      expect(fs.existsSync(path.join(env.EMBEDDED_PG_DIR, 'postmaster.pid'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 420_000);

  it('stops the service and the database cleanly when npm itself is sent SIGTERM or killed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-start-npm-'));
    fs.chmodSync(dir, 0o755);
    const env = { EMBEDDED_PG_DIR: path.join(dir, 'pg'), EMBEDDED_PG_PORT: String(await freePort()), PORT: String(await freePort()), HOST: '127.0.0.1' };
    const pidFile = path.join(env.EMBEDDED_PG_DIR, 'postmaster.pid');
    const { DATABASE_URL: _ignored, ...rest } = process.env;
    let npm: ChildProcess | undefined;
    try {
      for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
        // Its own process group, so that nothing is left behind should the test fail.
        npm = spawn('npm', ['start'], { env: { ...rest, ...env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
        await waitForHealth(`http://127.0.0.1:${env.PORT}/services/crm/health`, 240_000);
        expect(fs.existsSync(pidFile)).toBe(true);
        npm.kill(signal);
        const deadline = Date.now() + 30_000;
        while (fs.existsSync(pidFile) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
        expect(fs.existsSync(pidFile), `embedded PostgreSQL still running 30 s after npm got ${signal}`).toBe(false);
        await expect(fetch(`http://127.0.0.1:${env.PORT}/services/crm/health`)).rejects.toThrow();
      }
    } finally {
      try {
        if (npm?.pid) process.kill(-npm.pid, 'SIGKILL');
      } catch {
        // the group is gone: nothing was left behind
      }
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);
});
