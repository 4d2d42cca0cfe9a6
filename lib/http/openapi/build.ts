import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { ErrorCode } from '@/lib/core/errors';
import { ERROR_STATUS } from '../errors';
import type { AuthMode, HttpMethod, OtherResponse, RouteContract, RouteHandler } from '../route';
import { registerWebhookEvents } from './webhook-events';

export const errorBodySchema = z
  .object({
    errorCode: z.string().meta({ example: 'NOT_FOUND' }),
    message: z.object({ en: z.string(), ar: z.string() }).meta({
      description:
        'The error in English and Arabic. On 400 VALIDATION_ERROR it names the first three problems in each language, e.g. `{"en": "The request is not valid — email: Invalid email address.", "ar": "الطلب غير صالح — email: عنوان بريد إلكتروني غير صالح."}`.',
    }),
    validationErrors: z.array(z.string()).optional().meta({
      description:
        'Present on 400 VALIDATION_ERROR only; each entry starts with the field path, then the problem in English (`message.ar` has the first three in Arabic).',
    }),
  })
  .meta({ id: 'Error' });

const apiKeyHeaders = z.object({
  'x-api-key': z.string().meta({ description: 'API key issued for the tenant (`npm run crm -- apikey:create`).' }),
  'x-tenant': z.string().meta({ description: 'Tenant slug.' }),
});
const tenantOnlyHeaders = z.object({
  'x-tenant': z.string().meta({ description: 'Tenant slug.' }),
  'x-api-key': z.string().optional().meta({ description: 'Optional; when sent it must be a valid key of this tenant (401/403).' }),
});
const idempotencyHeader = z.object({
  'Idempotency-Key': z
    .string()
    .max(255)
    .optional()
    .meta({
      description:
        'Makes a retry safe (Stripe semantics, kept 24 hours per tenant): the same key with the same request replays the first answer with `Idempotent-Replayed: true`; ' +
        'with a different request → 422 IDEMPOTENCY_KEY_REUSED; while the first is still running → 409 IDEMPOTENCY_KEY_IN_USE. Requests refused before they ran (401, 403, 400) keep no key; after a 500 the key is free again.',
    }),
});

/** One route file as the document sees it: its path relative to /services/crm and its handlers. */
export interface RouteModule {
  path: string;
  /** Also served at this path outside /services/crm (the webhook support routes). */
  alsoAt?: string;
  handlers: Partial<Record<HttpMethod, RouteHandler>>;
}

const SECURITY: Record<Exclude<AuthMode, 'none'>, Record<string, string[]>> = {
  apiKey: { apiKey: [], tenant: [] },
  tenant: { tenant: [] },
  session: { session: [] },
};

/** Error responses an operation documents, by errorCode, grouped by status. */
function errorResponses(codes: readonly ErrorCode[]) {
  const out: Record<number, { description: string; content: { 'application/json': { schema: typeof errorBodySchema } } }> = {};
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    const existing = out[status];
    if (existing?.description.split(', ').includes(code)) continue;
    out[status] = { description: existing ? `${existing.description}, ${code}` : code, content: { 'application/json': { schema: errorBodySchema } } };
  }
  return out;
}

function successResponse(response: z.ZodType | OtherResponse | undefined) {
  if (!response) return { description: 'OK' };
  if ('contentType' in response) return { description: response.description, content: { [response.contentType]: { schema: z.string() } } };
  return { description: 'OK', content: { 'application/json': { schema: response } } };
}

/** The errors every operation of this kind can answer, then its own. */
function errorsOf({ method, spec }: RouteContract): ErrorCode[] {
  const modes = typeof spec.auth === 'string' ? [spec.auth] : (spec.auth ?? ['apiKey']);
  const codes: ErrorCode[] = [];
  if (!modes.includes('none')) codes.push('UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED');
  if (spec.query || spec.body || spec.otherBody) codes.push('VALIDATION_ERROR');
  if (spec.params) codes.push('NOT_FOUND');
  if (spec.body || spec.otherBody) codes.push('PAYLOAD_TOO_LARGE');
  if (method === 'POST' && !modes.includes('none')) codes.push('VALIDATION_ERROR', 'IDEMPOTENCY_KEY_IN_USE', 'IDEMPOTENCY_KEY_REUSED');
  return [...codes, ...(spec.errors ?? [])];
}

function registerOperation(registry: OpenAPIRegistry, route: RouteModule, contract: RouteContract): void {
  const { method, spec } = contract;
  const modes = typeof spec.auth === 'string' ? [spec.auth] : (spec.auth ?? ['apiKey']);
  const headerSchemas = [
    modes.includes('apiKey') ? apiKeyHeaders : modes.includes('tenant') ? tenantOnlyHeaders : undefined,
    method === 'POST' && !modes.includes('none') ? idempotencyHeader : undefined,
  ].filter((s) => s !== undefined) as z.ZodObject[];
  const headers = headerSchemas.length ? headerSchemas.reduce((a, b) => a.extend(b.shape)) : undefined;
  const roles = modes.includes('session') ? ` Officer sessions: ${(spec.roles ?? ['admin', 'officer', 'rm']).join(', ')}.` : '';
  const also = route.alsoAt ? ` Also served at \`${route.alsoAt}\`.` : '';
  registry.registerPath({
    method: method.toLowerCase() as 'get',
    path: route.path,
    summary: spec.summary,
    description: `${spec.description ?? ''}${also}${roles}`.trim() || undefined,
    tags: [route.path.split('/')[1] ?? ''],
    security: modes.includes('none') ? [] : modes.map((m) => SECURITY[m as Exclude<AuthMode, 'none'>]),
    request: {
      ...(headers ? { headers } : {}),
      ...(spec.params ? { params: spec.params as z.ZodObject } : {}),
      ...(spec.query ? { query: spec.query as z.ZodObject } : {}),
      ...(spec.body ? { body: { content: { 'application/json': { schema: spec.body } } } } : {}),
      ...(spec.otherBody ? { body: { content: { [spec.otherBody.contentType]: { schema: spec.otherBody.schema } } } } : {}),
    },
    responses: { [spec.status ?? 200]: successResponse(spec.response), ...errorResponses(errorsOf(contract)) },
  });
}

/** The service's OpenAPI 3.1 document, built from what each route declares (lib/http/route.ts). */
export function buildOpenApiDocument(routes: readonly RouteModule[]) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'apiKey', { type: 'apiKey', in: 'header', name: 'x-api-key' });
  registry.registerComponent('securitySchemes', 'tenant', { type: 'apiKey', in: 'header', name: 'x-tenant' });
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'next-auth.session-token',
    description: "An officer's web-app session (sign in at /{locale}/sign-in). Writes must come from the app's own origin.",
  });
  for (const route of routes) {
    for (const handler of Object.values(route.handlers)) {
      if (handler?.contract) registerOperation(registry, route, handler.contract);
    }
  }
  registerWebhookEvents(registry);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Compliance CRM API',
      version: '0.1.0',
      description:
        'Multi-tenant compliance records service (KYC onboarding, risk scoring, watchlist screening, transaction monitoring, signed webhooks). ' +
        'Every operation takes `x-api-key` and `x-tenant` unless stated otherwise; operations marked with the `session` scheme also serve the officer web app. ' +
        'Errors carry `{errorCode, message: {en, ar}}`, plus `validationErrors` on 400. Any unknown path under /services/crm answers 404 NOT_FOUND, ' +
        'and a known path with a method it does not take answers 405 METHOD_NOT_ALLOWED with `Allow`, both with that body. ' +
        'Lists take `page` (1-based, default 1) and `size` (default 20, max 100). JSON bodies are limited to 1 MB; unknown fields are ignored. ' +
        'Every POST takes an optional `Idempotency-Key` header (see each operation). ' +
        'Rate limit per API key: 100 requests/s sustained, bursts of 200 (429 with Retry-After beyond).',
    },
    servers: [{ url: '/services/crm' }],
    security: [{ apiKey: [], tenant: [] }],
  });
}
