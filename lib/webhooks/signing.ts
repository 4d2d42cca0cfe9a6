import crypto from 'node:crypto';

// Standard Webhooks signing (decisions.md): HMAC-SHA256 over "<id>.<timestamp>.<raw body>", base64,
// sent as `v1,<sig>` in webhook-signature and, for the spec's receivers, in x-signature.

/** The HMAC key: the secret's UTF-8 bytes, or the decoded bytes of a `whsec_<base64>` secret. */
export function signingKey(secret: string): Buffer {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice('whsec_'.length), 'base64') : Buffer.from(secret, 'utf8');
}

export function signPayload(secret: string, id: string, timestamp: number, body: string): string {
  const mac = crypto.createHmac('sha256', signingKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** Every header a delivery carries. The timestamp is taken per try, so retries are signed afresh. */
export function webhookHeaders(input: { secret: string; id: string; type: string; body: string; now?: Date }): Record<string, string> {
  const timestamp = Math.floor((input.now ?? new Date()).getTime() / 1000);
  const signature = signPayload(input.secret, input.id, timestamp, input.body);
  return {
    'content-type': 'application/json',
    'user-agent': 'compliance-crm-webhooks/1',
    'webhook-id': input.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature,
    'x-signature': signature,
    'x-webhook-event': input.type,
  };
}
