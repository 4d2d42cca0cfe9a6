import crypto from 'node:crypto';
import { z } from 'zod';
import { AppError } from '@/lib/core/errors';
import { formatTimestamp } from '@/lib/core/format';
import { withPlatform, withTenant } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';

export interface ApiKeyContext {
  tenantId: string;
  tenantSlug: string;
  apiKeyId: string;
  keyPrefix: string;
}

interface CachedKey extends ApiKeyContext {
  hash: Buffer;
  revoked: boolean;
  cachedAt: number;
}

const KEY_PATTERN = /^crm_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;
const cacheTtlMs = () => Number(process.env.API_KEY_CACHE_TTL_MS ?? 5000);
const keyCache = new Map<string, CachedKey>();
const lastUsedWrites = new Map<string, number>();

export function hashApiKey(key: string): Buffer {
  return crypto.createHash('sha256').update(key).digest();
}

/** `crm_<12-char prefix>_<256-bit secret>`: the prefix finds the row, the hash proves the secret. */
export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const prefix = crypto
    .randomBytes(9)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')
    .slice(0, 12);
  const key = `crm_${prefix}_${crypto.randomBytes(32).toString('base64url')}`;
  return { key, prefix, hash: hashApiKey(key).toString('hex') };
}

/**
 * A new key for the tenant; the whole key exists only in this answer (the database keeps its prefix
 * and hash). With an `actor` (the officer app) the creation is audited (`apiKey.create`, never the secret).
 */
export async function createApiKey({ tenantId, label, actor, requestId }: { tenantId: string; label?: string; actor?: Actor; requestId?: string }) {
  const generated = generateApiKey();
  const row = await withTenant(tenantId, async (tx) => {
    const created = await tx.apiKey.create({ data: { tenantId, prefix: generated.prefix, hash: generated.hash, label } });
    if (actor) {
      await writeAudit(tx, {
        tenantId,
        actor,
        action: 'apiKey.create',
        targetType: 'ApiKey',
        targetId: created.id,
        after: { prefix: created.prefix, label },
        requestId,
      });
    }
    return created;
  });
  return { apiKey: generated.key, apiKeyId: row.id, prefix: row.prefix, label: row.label, createdAt: row.createdAt };
}

/** A key as the API shows it (never its secret or hash). */
export function apiKeyView(k: { id: string; prefix: string; label: string | null; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null }) {
  return {
    id: k.id,
    prefix: k.prefix,
    label: k.label,
    createdAt: formatTimestamp(k.createdAt),
    lastUsedAt: formatTimestamp(k.lastUsedAt),
    revokedAt: formatTimestamp(k.revokedAt),
  };
}

/** A tenant's keys, newest first: what an operator needs to pick one to revoke (never a secret). */
export async function listApiKeys({ tenantId }: { tenantId: string }) {
  return withTenant(tenantId, (tx) =>
    tx.apiKey.findMany({
      where: { tenantId },
      orderBy: { createdAt: 'desc' },
      select: { id: true, prefix: true, label: true, createdAt: true, lastUsedAt: true, revokedAt: true },
    }),
  );
}

/**
 * Revokes one of the tenant's keys, named by its id or by its prefix (the 12 characters after
 * `crm_`, also shown in request logs). Unknown, already revoked or another tenant's → 404.
 */
export async function revokeApiKey({
  tenantId,
  actor,
  requestId,
  ...key
}: { tenantId: string; actor?: Actor; requestId?: string } & ({ apiKeyId: string } | { prefix: string })): Promise<void> {
  if ('apiKeyId' in key && !z.uuid().safeParse(key.apiKeyId).success) throw AppError.notFound();
  const selector = 'apiKeyId' in key ? { id: key.apiKeyId } : { prefix: key.prefix };
  const revoked = await withTenant(tenantId, async (tx) => {
    const rows = await tx.apiKey.updateManyAndReturn({
      where: { tenantId, revokedAt: null, ...selector },
      data: { revokedAt: new Date() },
      select: { id: true, prefix: true },
    });
    if (actor) {
      for (const row of rows) {
        await writeAudit(tx, { tenantId, actor, action: 'apiKey.revoke', targetType: 'ApiKey', targetId: row.id, after: { prefix: row.prefix }, requestId });
      }
    }
    return rows;
  });
  if (revoked.length === 0) throw AppError.notFound();
  for (const { prefix } of revoked) keyCache.delete(prefix);
}

/**
 * Missing or unknown key, or a missing x-tenant → 401. A valid key sent with another
 * tenant's (or an unknown) x-tenant → 403. Hashes are compared in constant time.
 */
export async function authenticateApiKey(key: string | null, tenantSlug: string | null): Promise<ApiKeyContext> {
  const match = key ? KEY_PATTERN.exec(key) : null;
  if (!key || !match || !tenantSlug) throw new AppError('UNAUTHORIZED');
  const prefix = match[1]!;
  const stored = await lookupKey(prefix);
  const presented = hashApiKey(key);
  if (!stored || !crypto.timingSafeEqual(stored.hash, presented) || stored.revoked) {
    throw new AppError('UNAUTHORIZED');
  }
  if (stored.tenantSlug !== tenantSlug) throw new AppError('FORBIDDEN');
  touchLastUsed(stored.apiKeyId);
  return { tenantId: stored.tenantId, tenantSlug: stored.tenantSlug, apiKeyId: stored.apiKeyId, keyPrefix: prefix };
}

async function lookupKey(prefix: string): Promise<CachedKey | undefined> {
  const cached = keyCache.get(prefix);
  if (cached && Date.now() - cached.cachedAt < cacheTtlMs()) return cached;
  const row = await withPlatform((tx) => tx.apiKey.findUnique({ where: { prefix }, include: { tenant: { select: { slug: true } } } }));
  if (!row) {
    keyCache.delete(prefix);
    return undefined;
  }
  const entry: CachedKey = {
    tenantId: row.tenantId,
    tenantSlug: row.tenant.slug,
    apiKeyId: row.id,
    keyPrefix: prefix,
    hash: Buffer.from(row.hash, 'hex'),
    revoked: row.revokedAt !== null,
    cachedAt: Date.now(),
  };
  keyCache.set(prefix, entry);
  return entry;
}

/** lastUsedAt is written at most once a minute per key, so reads stay read-only on the hot path. */
function touchLastUsed(apiKeyId: string): void {
  const now = Date.now();
  if (now - (lastUsedWrites.get(apiKeyId) ?? 0) < 60_000) return;
  lastUsedWrites.set(apiKeyId, now);
  void withPlatform((tx) => tx.apiKey.update({ where: { id: apiKeyId }, data: { lastUsedAt: new Date(now) } })).catch(() => lastUsedWrites.delete(apiKeyId));
}

/** Tests and revocation from the admin UI clear the per-process cache. */
export function clearApiKeyCache(): void {
  keyCache.clear();
  lastUsedWrites.clear();
}
