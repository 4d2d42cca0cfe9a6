import crypto from 'node:crypto';
import { z } from 'zod';
import { ApiError, errorBody, fromPrismaError, type ErrorCode } from './errors';
import { log } from './logger';
import { RawJson } from './raw-json';
import { defaultApiRateLimit, takeToken, type RateLimit } from './rate-limit';
import { authenticateApiKey, type ApiKeyContext } from '@/lib/tenancy/api-keys';
import { getTenantBySlug } from '@/lib/tenancy/tenants';
import type { Actor } from '@/lib/audit/write-audit';

export const JSON_BODY_LIMIT = 1024 * 1024;

type Auth = 'apiKey' | 'tenant' | 'none';
type Schema = z.ZodType | undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<P extends Schema, Q extends Schema, B extends Schema, A extends Auth> {
  request: Request;
  requestId: string;
  auth: A extends 'apiKey' ? ApiKeyContext : A extends 'tenant' ? TenantContext : undefined;
  /** Who is acting, for the audit log. */
  actor: Actor;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
}

export interface RouteSpec<P extends Schema, Q extends Schema, B extends Schema, A extends Auth> {
  /**
   * `apiKey` (default): x-api-key + x-tenant. `tenant`: x-tenant required, x-api-key optional but
   * checked when sent (POST /crm/webhook/test; no per-key rate limit, the route limits itself).
   * `none`: public (health).
   */
  auth?: A;
  /** Path parameters. A value that fails this schema is a 404 (spec: a non-UUID id names no record). */
  params?: P;
  query?: Q;
  /** JSON body schema. Routes with other bodies (multipart) read `request` themselves. */
  body?: B;
  /** Success status (201 for creates, 202 for accepted work). */
  status?: number;
  rateLimit?: RateLimit | false;
  handler: (ctx: RouteContext<P, Q, B, A>) => Promise<unknown>;
}

/** `tenant` auth: the tenant, and the key when one was sent. */
export type TenantContext = Omit<ApiKeyContext, 'apiKeyId' | 'keyPrefix'> & { apiKeyId: string | null; keyPrefix: string | null };

type NextRouteContext = { params: Promise<Record<string, string | string[]>> };

/**
 * The one wrapper every /services/crm route goes through: request id, authentication, rate limit,
 * validation (query/body → 400, params → 404), error mapping and one structured log line.
 * Order of checks follows decisions.md: 401/403, then 400, then 404, then 409.
 */
export function apiRoute<P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined, A extends Auth = 'apiKey'>(
  spec: RouteSpec<P, Q, B, A>,
) {
  return async function handle(request: Request, context?: NextRouteContext): Promise<Response> {
    const started = performance.now();
    const requestId = request.headers.get('x-request-id')?.slice(0, 100) || crypto.randomUUID();
    const url = new URL(request.url);
    let auth: ApiKeyContext | TenantContext | undefined;
    let response: Response;
    try {
      if ((spec.auth ?? 'apiKey') === 'apiKey') {
        auth = await authenticateApiKey(request.headers.get('x-api-key'), request.headers.get('x-tenant'));
        if (spec.rateLimit !== false) {
          const wait = takeToken(`key:${auth.apiKeyId}`, spec.rateLimit ?? defaultApiRateLimit());
          if (wait > 0) throw new ApiError('RATE_LIMITED', undefined, { 'retry-after': String(wait) });
        }
      } else if (spec.auth === 'tenant') {
        auth = await authenticateTenant(request.headers.get('x-api-key'), request.headers.get('x-tenant'));
      }
      const query = spec.query ? parseOrThrow(spec.query, searchParamsToObject(url.searchParams), 'VALIDATION_ERROR') : undefined;
      const body = spec.body ? parseOrThrow(spec.body, await readJsonBody(request), 'VALIDATION_ERROR') : undefined;
      const rawParams = context ? await context.params : {};
      const params = spec.params ? parseOrThrow(spec.params, rawParams, 'NOT_FOUND') : undefined;
      const actor: Actor = auth?.apiKeyId ? { type: 'apiKey', id: auth.apiKeyId } : { type: 'system' };
      const result = await spec.handler({ request, requestId, auth, actor, params, query, body } as RouteContext<P, Q, B, A>);
      const status = spec.status ?? 200;
      response =
        result instanceof Response
          ? result
          : result instanceof RawJson
            ? // Encoded once here: a string body is measured, then encoded again when streamed
              // (28 µs instead of 40 µs for a 20-entity page).
              new Response(Buffer.from(result.text), { status, headers: { 'content-type': 'application/json' } })
            : Response.json(result, { status });
    } catch (error) {
      response = errorResponse(error, requestId, request.method, url.pathname);
    }
    response.headers.set('x-request-id', requestId);
    log('info', 'request', {
      requestId,
      method: request.method,
      path: url.pathname,
      status: response.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      tenant: auth?.tenantSlug,
      key: auth?.keyPrefix,
    });
    return response;
  };
}

/** Missing or unknown x-tenant → 401; a key, when sent, must be valid and the tenant's (401/403). */
async function authenticateTenant(key: string | null, tenantSlug: string | null): Promise<TenantContext> {
  if (key !== null) return authenticateApiKey(key, tenantSlug);
  if (!tenantSlug) throw new ApiError('UNAUTHORIZED');
  const tenant = await getTenantBySlug({ slug: tenantSlug }).catch(() => null);
  if (!tenant) throw new ApiError('UNAUTHORIZED');
  return { tenantId: tenant.id, tenantSlug: tenant.slug, apiKeyId: null, keyPrefix: null };
}

function errorResponse(error: unknown, requestId: string, method: string, path: string): Response {
  const apiError = error instanceof ApiError ? error : fromPrismaError(error);
  if (apiError) {
    return Response.json(errorBody(apiError.code, apiError.validationErrors), {
      status: apiError.status,
      headers: apiError.headers,
    });
  }
  log('error', 'unhandled error', {
    requestId,
    method,
    path,
    error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
  });
  return Response.json(errorBody('INTERNAL_ERROR'), { status: 500 });
}

function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, code: ErrorCode): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  if (code !== 'VALIDATION_ERROR') throw new ApiError(code);
  throw ApiError.validation(...formatIssues(parsed.error));
}

/** Each entry names the field path first: `identities.0.number: Too big: expected string to have <=50 characters`. */
export function formatIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : '(body)'}: ${issue.message}`);
}

function searchParamsToObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length === 1 ? all[0]! : all;
  }
  return out;
}

/** Reads at most JSON_BODY_LIMIT bytes; malformed JSON is a 400, an oversize body a 413. */
export async function readJsonBody(request: Request, limit = JSON_BODY_LIMIT): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw new ApiError('PAYLOAD_TOO_LARGE');
  const text = Buffer.from(await readBodyLimited(request, limit)).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw ApiError.validation('(body): malformed JSON');
  }
}

/** Reads a request body, refusing (413) as soon as it passes `limit` bytes, declared or not. */
export async function readBodyLimited(request: Request, limit: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw new ApiError('PAYLOAD_TOO_LARGE');
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
