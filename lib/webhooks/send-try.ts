import { allowLoopback, RESPONSE_EXCERPT_BYTES, timeoutMs } from './config';
import { validateWebhookUrl, type Resolver } from './address-policy';
import { webhookHeaders } from './signing';
import { postWebhook } from './transport';

export interface TryResult {
  startedAt: Date;
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  /** Full response text (≤ 64 KB), for handshake checks. */
  responseText: string;
  responseExcerpt: string | null;
  error: string | null;
  requestHeaders: Record<string, string>;
}

/** Test hook: lets SSRF tests make a hostname resolve to any address. */
let resolverOverride: Resolver | undefined;
export function setWebhookResolverForTests(resolver: Resolver | undefined): void {
  resolverOverride = resolver;
}
export const getResolverForTests = () => resolverOverride;

/**
 * One signed POST. The URL is checked (and resolved) again on every try, so an endpoint whose DNS
 * now points at a private address is refused at delivery too; the checked address is the one used.
 */
export async function sendSignedRequest(input: { url: string; secret: string; id: string; type: string; body: string }): Promise<TryResult> {
  const startedAt = new Date();
  const requestHeaders = webhookHeaders({ secret: input.secret, id: input.id, type: input.type, body: input.body, now: startedAt });
  let target;
  try {
    target = await validateWebhookUrl(input.url, { allowLoopback: allowLoopback(), resolve: resolverOverride });
  } catch (error) {
    return {
      startedAt,
      ok: false,
      statusCode: null,
      durationMs: 0,
      responseText: '',
      responseExcerpt: null,
      error: `refused: ${(error as Error).message}`,
      requestHeaders,
    };
  }
  const result = await postWebhook({ target, headers: requestHeaders, body: input.body, timeoutMs: timeoutMs() });
  const ok = result.error === null && result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  return {
    startedAt,
    ok,
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    responseText: result.body,
    responseExcerpt: result.body ? excerpt(result.body) : null,
    error: result.error ?? (ok ? null : `HTTP ${result.statusCode}`),
    requestHeaders,
  };
}

function excerpt(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= RESPONSE_EXCERPT_BYTES) return text;
  // Cut on a byte budget without leaving half a UTF-8 character behind.
  return bytes
    .subarray(0, RESPONSE_EXCERPT_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
}
