import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// Webhook secrets are encrypted at rest with AES-256-GCM. The key comes from WEBHOOK_SECRET_KEY
// (32 bytes, base64 or hex). Without it a per-installation random key is created once under
// .data/ so development works out of the box; production must set the variable (README).

const KEY_FILE = () => path.resolve(/*turbopackIgnore: true*/ process.env.WEBHOOK_SECRET_KEY_FILE ?? '.data/webhook-secret.key');
let cachedKey: { source: string; key: Buffer } | undefined;

function parseKey(raw: string): Buffer {
  const trimmed = raw.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('WEBHOOK_SECRET_KEY must be 32 bytes, written as base64 or hex');
  return key;
}

function installationKey(): Buffer {
  const file = KEY_FILE();
  try {
    return parseKey(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    // `wx`: when two processes start at once, one creates the file and the other reads it.
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseKey(fs.readFileSync(file, 'utf8'));
}

function encryptionKey(): Buffer {
  const source = process.env.WEBHOOK_SECRET_KEY ? `env:${process.env.WEBHOOK_SECRET_KEY}` : `file:${KEY_FILE()}`;
  if (cachedKey?.source !== source) {
    cachedKey = { source, key: process.env.WEBHOOK_SECRET_KEY ? parseKey(process.env.WEBHOOK_SECRET_KEY) : installationKey() };
  }
  return cachedKey.key;
}

/** `v1.<iv>.<tag>.<ciphertext>`; the tenant id is authenticated data, so a row copied to another tenant fails to open. */
export function sealSecret(secret: string, tenantId: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', encryptionKey(), iv);
  cipher.setAAD(Buffer.from(tenantId));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export function openSecret(sealed: string, tenantId: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unreadable webhook secret');
  const decipher = crypto.createDecipheriv('aes-256-gcm', encryptionKey(), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(tenantId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
