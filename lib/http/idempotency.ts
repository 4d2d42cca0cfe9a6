import { AppError } from '@/lib/core/errors';
import { log } from '@/lib/core/logger';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from '@/lib/platform/idempotency-keys';

export interface IdempotentRequest {
  /** The key this request owns (the handler runs in its scope). */
  key?: string;
  /** The stored first answer, when this request is a retry of a finished one. */
  replay?: Response;
  /** Stores this request's answer (or frees the key after a 5xx) and returns the answer to send. */
  complete(response: Response): Promise<Response>;
}

/**
 * Idempotency-Key (Stripe's semantics): the same key and request within 24 hours → the first answer
 * again, with `Idempotent-Replayed: true`; the same key with another request → 422
 * IDEMPOTENCY_KEY_REUSED; while the first is still running → 409 IDEMPOTENCY_KEY_IN_USE. Requests
 * refused before they ran (authentication, validation) keep no key. When the first request's
 * process died after its work committed but before its answer was stored (kill -9; the drill in
 * scripts/drills/kill9.ts found this window), a retry gets 409 IDEMPOTENCY_ANSWER_LOST: the work is
 * done once and not again (lib/db/idempotency-scope.ts marks the key in the work's transaction).
 */
export async function beginIdempotentRequest({
  tenantId,
  key,
  fingerprint,
}: {
  tenantId: string;
  key: string;
  fingerprint: string;
}): Promise<IdempotentRequest> {
  const claim = await claimIdempotencyKey({ tenantId, key, fingerprint });
  if (claim.kind === 'reused') throw new AppError('IDEMPOTENCY_KEY_REUSED');
  if (claim.kind === 'in-use') throw new AppError('IDEMPOTENCY_KEY_IN_USE');
  if (claim.kind === 'answer-lost') throw new AppError('IDEMPOTENCY_ANSWER_LOST');
  if (claim.kind === 'replay') {
    const headers: Record<string, string> = { 'idempotent-replayed': 'true' };
    if (claim.contentType) headers['content-type'] = claim.contentType;
    return { replay: new Response(Buffer.from(claim.body), { status: claim.status, headers }), complete: async (r) => r };
  }
  return {
    key,
    async complete(response) {
      if (response.status >= 500) {
        await releaseIdempotencyKey({ tenantId, key });
        return response;
      }
      const body = new Uint8Array(await response.arrayBuffer());
      try {
        await completeIdempotencyKey({ tenantId, key, status: response.status, contentType: response.headers.get('content-type'), body });
      } catch (error) {
        // The work is done and answered; a retry finds the key running and, after the lock time, runs again.
        log('warn', 'idempotency key not stored', { key, error: error instanceof Error ? error.message : String(error) });
      }
      return new Response(Buffer.from(body), { status: response.status, headers: response.headers });
    },
  };
}
