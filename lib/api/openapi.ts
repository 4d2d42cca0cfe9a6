import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from './errors';

export const errorBodySchema = z
  .object({
    errorCode: z.string().meta({ example: 'NOT_FOUND' }),
    message: z.object({ en: z.string(), ar: z.string() }),
    validationErrors: z.array(z.string()).optional().meta({ description: 'Present on 400 VALIDATION_ERROR only; each entry starts with the field path.' }),
  })
  .meta({ id: 'Error' });

export const apiKeyHeaders = z.object({
  'x-api-key': z.string().meta({ description: 'API key issued for the tenant (`npm run crm -- apikey:create`).' }),
  'x-tenant': z.string().meta({ description: 'Tenant slug.' }),
});

/** Error responses an operation documents, by errorCode. */
export function errorResponses(...codes: ErrorCode[]) {
  const out: Record<number, { description: string; content: { 'application/json': { schema: typeof errorBodySchema } } }> = {};
  for (const code of ['UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED', ...codes] as ErrorCode[]) {
    const status = ERROR_STATUS[code];
    const existing = out[status];
    out[status] = {
      description: existing ? `${existing.description}, ${code}` : code,
      content: { 'application/json': { schema: errorBodySchema } },
    };
  }
  return out;
}

export function jsonContent<T extends z.ZodType>(schema: T, description = 'OK') {
  return { description, content: { 'application/json': { schema } } };
}

export type Registrar = (registry: OpenAPIRegistry) => void;

export function buildOpenApiDocument(registrars: Registrar[]) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'apiKey', { type: 'apiKey', in: 'header', name: 'x-api-key' });
  registry.registerComponent('securitySchemes', 'tenant', { type: 'apiKey', in: 'header', name: 'x-tenant' });
  for (const register of registrars) register(registry);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Compliance CRM API',
      version: '0.1.0',
      description:
        'Multi-tenant compliance records service (KYC onboarding, risk scoring, watchlist screening, transaction monitoring, signed webhooks). ' +
        'Every operation takes `x-api-key` and `x-tenant` unless stated otherwise. Errors carry `{errorCode, message: {en, ar}}`, plus `validationErrors` on 400. ' +
        'Lists take `page` (1-based, default 1) and `size` (default 20, max 100). JSON bodies are limited to 1 MB; unknown fields are ignored. ' +
        'Rate limit per API key: 100 requests/s sustained, bursts of 200 (429 with Retry-After beyond).',
    },
    servers: [{ url: '/services/crm' }],
    security: [{ apiKey: [], tenant: [] }],
  });
}
