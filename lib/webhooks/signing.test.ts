import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { signPayload, webhookHeaders } from './signing';
import { openSecret, sealSecret } from './secret-box';

const body = JSON.stringify({ id: crypto.randomUUID(), type: 'EntityStatusUpdate', tenant: 'acme', createdAt: '2026-11-22 10:00:00.000', data: { a: 1 } });

describe('Standard Webhooks signing', () => {
  it('verifies with the standardwebhooks library for a plain (UTF-8) secret', () => {
    const secret = 'plain secret with ünïcode';
    const headers = webhookHeaders({ secret, id: 'evt-1', type: 'EntityStatusUpdate', body });
    const receiver = new Webhook(Buffer.from(secret, 'utf8').toString('base64'));
    expect(receiver.verify(body, headers)).toEqual(JSON.parse(body));
    expect(headers['x-signature']).toBe(headers['webhook-signature']);
    expect(headers['x-webhook-event']).toBe('EntityStatusUpdate');
  });

  it('verifies a whsec_ secret exactly as the library expects it', () => {
    const secret = `whsec_${crypto.randomBytes(24).toString('base64')}`;
    const headers = webhookHeaders({ secret, id: 'evt-2', type: 'KycStatusUpdate', body });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('fails verification for a tampered body, another secret or a stale timestamp', () => {
    const secret = 'another-test-secret';
    const wh = new Webhook(Buffer.from(secret).toString('base64'));
    const headers = webhookHeaders({ secret, id: 'evt-3', type: 'x', body });
    expect(() => wh.verify(body.replace('"a":1', '"a":2'), headers)).toThrow(/signature/i);
    expect(() => new Webhook(Buffer.from('wrong-secret').toString('base64')).verify(body, headers)).toThrow(/signature/i);
    const stale = webhookHeaders({ secret, id: 'evt-3', type: 'x', body, now: new Date(Date.now() - 6 * 60_000) });
    expect(() => wh.verify(body, stale)).toThrow(/too old/i);
  });

  it('matches a plain node:crypto computation', () => {
    const ts = 1_700_000_000;
    const expected = crypto.createHmac('sha256', 'k3y-material').update(`id.${ts}.${body}`).digest('base64');
    expect(signPayload('k3y-material', 'id', ts, body)).toBe(`v1,${expected}`);
  });
});

describe('secret encryption at rest', () => {
  it('round-trips, and refuses a ciphertext moved to another tenant or altered', () => {
    const a = crypto.randomUUID();
    const sealed = sealSecret('s3cr3t-value', a);
    expect(sealed).not.toContain('s3cr3t');
    expect(openSecret(sealed, a)).toBe('s3cr3t-value');
    expect(() => openSecret(sealed, crypto.randomUUID())).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => openSecret(parts.join('.'), a)).toThrow();
  });
});
