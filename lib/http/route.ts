import crypto from 'node:crypto';
import type { z } from 'zod';
import { AppError, type ErrorCode } from '@/lib/core/errors';
import { log } from '@/lib/core/logger';
import { RawJson } from '@/lib/core/raw-json';
import { formatIssues } from '@/lib/core/validation';
import type { Actor } from '@/lib/audit/write-audit';
import type { Role } from '@/lib/auth/options';
import { authenticateApiKey } from '@/lib/tenancy/api-keys';
import { getTenantBySlug } from '@/lib/tenancy/tenants';
import { JSON_BODY_LIMIT, JSON_DEPTH_LIMIT, nestsDeeperThan, readBodyLimited } from './body';
import { negotiateContentCoding, PRE_ENCODED_HEADER } from './content-coding';
import { errorResponse, HttpError } from './errors';
import { beginIdempotentRequest, type IdempotentRequest } from './idempotency';
import { runInIdempotencyScope } from '@/lib/db/idempotency-scope';
import { defaultApiRateLimit, returnToken, takeToken, type RateLimit } from './rate-limit';
import { API_CONTENT_SECURITY_POLICY, applySecurityHeaders } from './security-headers';
import { authenticateSession, checkSameOrigin } from './session';

/**
 * How a route authenticates its caller:
 * - `apiKey`: x-api-key + x-tenant (tenant systems);
 * - `tenant`: x-tenant required, x-api-key optional but checked when sent (POST /crm/webhook/test);
 * - `session`: a signed-in officer (the web app), limited to `roles`;
 * - `none`: public (health, the API reference).
 * A list accepts any of them: a request that carries x-api-key or x-tenant is judged as a tenant
 * system, any other as a browser session.
 */
export type AuthMode = 'apiKey' | 'tenant' | 'session' | 'none';

/** Who is calling, once authenticated. */
export interface Principal {
  tenantId: string;
  tenantSlug: string | null;
  apiKeyId: string | null;
  keyPrefix: string | null;
  /** Set for officer sessions (`sessionId`: the browser's UserSession row). */
  user: { id: string; email: string; role: Role; sessionId?: string; mfaPending?: boolean } | null;
}

type Schema = z.ZodType | undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<P extends Schema, Q extends Schema, B extends Schema> {
  request: Request;
  requestId: string;
  auth: Principal;
  /** Who is acting, for the audit log. */
  actor: Actor;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  /** The raw request body (POST, PUT, PATCH), read once with its limit; multipart routes parse it. */
  rawBody: Uint8Array;
}

/** A response that is not JSON (a download, an HTML page), for the API reference. */
export interface OtherResponse {
  contentType: string;
  description: string;
}

/** Everything a route declares once: how it authenticates, what it takes, what it answers. */
export interface RouteSpec<P extends Schema, Q extends Schema, B extends Schema, R extends z.ZodType | OtherResponse | undefined> {
  /** One line for the API reference. */
  summary: string;
  /** Rules a caller must know (validation, state, side effects), for the API reference. */
  description?: string;
  auth?: AuthMode | readonly AuthMode[];
  /** Officer roles allowed through a session (default: admin, officer, rm). */
  roles?: readonly Role[];
  /**
   * Open to a session whose user must enrol in MFA and has not yet (the enrolment routes, the
   * account's own password and sessions). Every other session route answers them 403
   * MFA_ENROLMENT_REQUIRED.
   */
  allowMfaPending?: boolean;
  /** Path parameters. A value that fails this schema is a 404 (spec: a non-UUID id names no record). */
  params?: P;
  query?: Q;
  /** JSON body schema. */
  body?: B;
  /** A body that is not JSON (multipart uploads): documented here, parsed by the handler from `rawBody`. */
  otherBody?: { contentType: string; schema: z.ZodType; limitBytes: () => number };
  /** The success answer: its zod schema (the contract tests parse with it), or a non-JSON content type. */
  response?: R;
  /** Success status (201 for creates, 202 for accepted work). */
  status?: 200 | 201 | 202;
  /** Error codes this operation answers besides authentication, rate limit and 500. */
  errors?: readonly ErrorCode[];
  /** Per key (or session user) by default; `false` for none; a tenant-wide limit of its own. */
  rateLimit?: RateLimit | false | { perTenant: () => RateLimit; name: string };
  handler: (ctx: RouteContext<P, Q, B>) => Promise<unknown>;
}

export interface RouteContract {
  method: HttpMethod;
  spec: RouteSpec<Schema, Schema, Schema, z.ZodType | OtherResponse | undefined>;
}

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type RouteHandler = ((request: Request, context?: NextRouteContext) => Promise<Response>) & { contract?: RouteContract };

type NextRouteContext = { params: Promise<Record<string, string | string[]>> };

const ALL_ROLES: readonly Role[] = ['admin', 'officer', 'rm'];
const IDEMPOTENCY_KEY_MAX = 255;

/**
 * The handlers of one route file: each declared method (built with apiRoute), every other method a
 * JSON 405 with `Allow` (Next.js would answer an empty 405). HEAD stays Next's (GET without the body).
 */
export function apiRoutes(methods: Partial<Record<HttpMethod, RouteHandler>>): Record<HttpMethod, RouteHandler> {
  const declared = HTTP_METHODS.filter((m) => methods[m]);
  const allow = [...declared, ...(declared.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  const out = {} as Record<HttpMethod, RouteHandler>;
  for (const method of HTTP_METHODS) {
    const handler = methods[method];
    if (handler?.contract) handler.contract.method = method;
    out[method] = handler ?? methodNotAllowed(allow);
  }
  return out;
}

/** Any method on a path that does not take it: 405 METHOD_NOT_ALLOWED with the bilingual body. */
export function methodNotAllowed(allow: string): RouteHandler {
  return async (request) => {
    const requestId = requestIdOf(request);
    const response = errorResponse(new HttpError('METHOD_NOT_ALLOWED', { allow }), { requestId, method: request.method, path: new URL(request.url).pathname });
    response.headers.set('x-request-id', requestId);
    applySecurityHeaders(response.headers, request, { csp: API_CONTENT_SECURITY_POLICY });
    return response;
  };
}

/**
 * The one wrapper every JSON route goes through: request id, authentication (API key, tenant or
 * officer session), rate limit, validation (query/body → 400, params → 404), Idempotency-Key on
 * POST, error mapping, the security headers (lib/http/security-headers.ts) and one structured log
 * line. Order of checks follows decisions.md: 401/403,
 * then 400, then 404, then 409.
 */
export function apiRoute<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  R extends z.ZodType | OtherResponse | undefined = undefined,
>(spec: RouteSpec<P, Q, B, R>): RouteHandler {
  const modes: readonly AuthMode[] = typeof spec.auth === 'string' ? [spec.auth] : (spec.auth ?? ['apiKey']);
  const handle: RouteHandler = async (request, context) => {
    const started = performance.now();
    const requestId = requestIdOf(request);
    const url = new URL(request.url);
    let auth: Principal | undefined;
    let idempotent: IdempotentRequest | undefined;
    let refundRateLimit: (() => void) | undefined;
    let response: Response;
    try {
      auth = await authenticate(request, modes, spec.roles ?? ALL_ROLES);
      if (auth?.user?.mfaPending && !spec.allowMfaPending) throw new AppError('MFA_ENROLMENT_REQUIRED');
      refundRateLimit = applyRateLimit(spec, auth);
      const rawBody = hasBody(request.method) ? await readBodyLimited(request, spec.otherBody?.limitBytes() ?? JSON_BODY_LIMIT) : new Uint8Array();
      const query = spec.query ? parse(spec.query, searchParamsToObject(url.searchParams), 'VALIDATION_ERROR') : undefined;
      const body = spec.body ? parse(spec.body, parseJson(rawBody), 'VALIDATION_ERROR') : undefined;
      const params = spec.params ? parse(spec.params, context ? await context.params : {}, 'NOT_FOUND') : undefined;
      if (request.method === 'POST' && auth) {
        idempotent = await startIdempotency(request, url, auth, rawBody);
        if (idempotent?.replay) return finish(idempotent.replay);
      }
      const actor: Actor = auth?.user ? { type: 'user', id: auth.user.id } : auth?.apiKeyId ? { type: 'apiKey', id: auth.apiKeyId } : { type: 'system' };
      const run = () => spec.handler({ request, requestId, auth: auth as Principal, actor, params, query, body, rawBody } as RouteContext<P, Q, B>);
      const result = idempotent?.key && auth ? await runInIdempotencyScope({ tenantId: auth.tenantId, key: idempotent.key }, run) : await run();
      response = notModified(request, result) ?? (await toResponse(request, result, spec.status ?? 200));
    } catch (error) {
      response = errorResponse(error, { requestId, method: request.method, path: url.pathname });
      // A per-tenant limit paces an action (one test event per 10 s): a call refused for its input
      // or the resource's state did nothing, so it does not spend the tenant's turn.
      if (refundRateLimit && response.status >= 400 && response.status < 500 && response.status !== 429) refundRateLimit();
    }
    if (idempotent) response = await idempotent.complete(response);
    return finish(response);

    function finish(answer: Response): Response {
      answer.headers.set('x-request-id', requestId);
      applySecurityHeaders(answer.headers, request, { csp: API_CONTENT_SECURITY_POLICY });
      log('info', 'request', {
        requestId,
        method: request.method,
        path: url.pathname,
        status: answer.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        tenant: auth?.tenantSlug ?? undefined,
        key: auth?.keyPrefix ?? undefined,
        user: auth?.user?.id,
      });
      return answer;
    }
  };
  // The method is set by apiRoutes, which knows under which name the handler is exported.
  handle.contract = { method: 'GET', spec: spec as RouteContract['spec'] };
  return handle;
}

async function authenticate(request: Request, modes: readonly AuthMode[], roles: readonly Role[]): Promise<Principal | undefined> {
  if (modes.includes('none')) return undefined;
  const key = request.headers.get('x-api-key');
  const tenantSlug = request.headers.get('x-tenant');
  const fromTenantSystem = key !== null || tenantSlug !== null;
  if (modes.includes('session') && (!fromTenantSystem || modes.length === 1)) {
    const session = await authenticateSession(request);
    if (session) {
      if (!session.user || !roles.includes(session.user.role)) throw new AppError('FORBIDDEN');
      if (!['GET', 'HEAD'].includes(request.method)) checkSameOrigin(request);
      return session;
    }
    // An officer's route: say so, rather than ask for the API key an integrator may well have sent.
    if (modes.length === 1) throw new AppError('UNAUTHORIZED', undefined, 'sessionRequired');
  }
  if (modes.includes('apiKey')) {
    const ctx = await authenticateApiKey(key, tenantSlug);
    return { ...ctx, user: null };
  }
  if (modes.includes('tenant')) return authenticateTenant(key, tenantSlug);
  throw new AppError('UNAUTHORIZED');
}

/** Missing or unknown x-tenant → 401; a key, when sent, must be valid and the tenant's (401/403). */
async function authenticateTenant(key: string | null, tenantSlug: string | null): Promise<Principal> {
  if (key !== null) return { ...(await authenticateApiKey(key, tenantSlug)), user: null };
  if (!tenantSlug) throw new AppError('UNAUTHORIZED');
  const tenant = await getTenantBySlug({ slug: tenantSlug }).catch(() => null);
  if (!tenant) throw new AppError('UNAUTHORIZED');
  return { tenantId: tenant.id, tenantSlug: tenant.slug, apiKeyId: null, keyPrefix: null, user: null };
}

/** Takes the caller's token or throws 429; a per-tenant limit returns how to give its token back. */
function applyRateLimit(spec: RouteSpec<any, any, any, any>, auth: Principal | undefined): (() => void) | undefined {
  if (spec.rateLimit === false || !auth) return undefined;
  if (spec.rateLimit && 'perTenant' in spec.rateLimit) {
    const key = `${spec.rateLimit.name}:${auth.tenantId}`;
    const limit = spec.rateLimit.perTenant();
    const wait = takeToken(key, limit);
    if (wait > 0) throw new HttpError('RATE_LIMITED', { 'retry-after': String(wait) });
    return () => returnToken(key, limit);
  }
  const who = auth.apiKeyId ? `key:${auth.apiKeyId}` : auth.user ? `user:${auth.user.id}` : null;
  if (!who) return undefined;
  const wait = takeToken(who, spec.rateLimit ?? defaultApiRateLimit());
  if (wait > 0) throw new HttpError('RATE_LIMITED', { 'retry-after': String(wait) });
  return undefined;
}

/** Idempotency-Key (Stripe's semantics) on every POST: at most 255 characters, kept per tenant. */
async function startIdempotency(request: Request, url: URL, auth: Principal, rawBody: Uint8Array): Promise<IdempotentRequest | undefined> {
  const key = request.headers.get('idempotency-key');
  if (key === null) return undefined;
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX) throw AppError.validation(`Idempotency-Key: must be 1 to ${IDEMPOTENCY_KEY_MAX} characters`);
  const fingerprint = crypto.createHash('sha256').update(`${request.method} ${url.pathname}${url.search}\n`).update(rawBody).digest('hex');
  return beginIdempotentRequest({ tenantId: auth.tenantId, key, fingerprint });
}

async function toResponse(request: Request, result: unknown, status: number): Promise<Response> {
  if (result instanceof Response) return result;
  if (result instanceof RawJson) return rawJsonResponse(request, result, status);
  return Response.json(result, { status });
}

/**
 * A JSON text answer. A cached body (RawJson.cached: a KYC form's tree, 1.2 MB for 10 × 20 × 5)
 * goes out gzip-encoded to a client whose Accept-Encoding takes gzip (q-values honoured; see
 * negotiateContentCoding), from the bytes encoded once per cached version, and as it is otherwise;
 * either way with `Vary: Accept-Encoding` and the same weak ETag. Next.js would otherwise gzip the
 * megabyte again for every such request (~12 ms of CPU each, six times the rest of the route).
 * HEAD is answered by Next.js from this GET answer without its body, headers alike.
 */
async function rawJsonResponse(request: Request, result: RawJson, status: number): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (result.etag) headers.etag = result.etag;
  let body = result.bytes ?? Buffer.from(result.text);
  if (result.codable) {
    headers.vary = 'Accept-Encoding';
    if (negotiateContentCoding(request.headers.get('accept-encoding'), ['gzip']) === 'gzip') {
      body = await result.gzip()!;
      headers['content-encoding'] = 'gzip';
      headers[PRE_ENCODED_HEADER] = 'gzip';
    }
  }
  return new Response(bodyStream(body), { status, headers });
}

/**
 * 304 Not Modified, no body, for a GET whose `If-None-Match` names the answer's entity tag (weak
 * comparison, RFC 9110 13.1.2; `*` matches any): an integrator polling a large cached answer (a KYC
 * form's tree) gets it again only when it changed. Authentication and the handler's own checks have
 * run as for a 200.
 */
function notModified(request: Request, result: unknown): Response | undefined {
  if (!(result instanceof RawJson) || !result.etag || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
  const header = request.headers.get('if-none-match');
  if (!header) return undefined;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(result.etag);
  if (header.trim() !== '*' && !header.split(',').some((tag) => opaque(tag) === wanted)) return undefined;
  // The weak tag is shared by the body's encodings, so it matches whichever one the client holds;
  // a 304 carries the Vary its 200 would (RFC 9110 15.4.5), and no Content-Encoding.
  return new Response(null, { status: 304, headers: { etag: result.etag, ...(result.codable ? { vary: 'Accept-Encoding' } : {}) } });
}

/**
 * The bytes as a one-chunk stream, handed to the socket as they are. A `Uint8Array` given to
 * `Response` is copied first (the body must not change under it), and a byte stream would detach
 * it: for a cached megabyte (a KYC form's tree) that copy, and the old-space collections its
 * garbage set off, cost more than half the CPU of the request. Nobody writes to these bytes: a
 * cached body is shared by every answer that sends it.
 */
function bodyStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

function parse<S extends z.ZodType>(schema: S, value: unknown, code: ErrorCode): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  if (code !== 'VALIDATION_ERROR') throw new AppError(code);
  throw AppError.validation(...formatIssues(parsed.error));
}

/** Malformed JSON is a 400, and so is JSON nested deeper than JSON_DEPTH_LIMIT; an empty body is an empty object. */
function parseJson(raw: Uint8Array): unknown {
  const text = Buffer.from(raw).toString('utf8');
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw AppError.validation('(body): malformed JSON');
  }
  if (nestsDeeperThan(text, JSON_DEPTH_LIMIT)) throw AppError.validation(`(body): objects and arrays nested more than ${JSON_DEPTH_LIMIT} deep`);
  return value;
}

function hasBody(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH';
}

function requestIdOf(request: Request): string {
  return request.headers.get('x-request-id')?.slice(0, 100) || crypto.randomUUID();
}

function searchParamsToObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length === 1 ? all[0]! : all;
  }
  return out;
}
