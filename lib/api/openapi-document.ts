import { buildOpenApiDocument } from './openapi';
import { registerPlatformOpenApi } from '@/lib/platform/openapi';

let cached: ReturnType<typeof buildOpenApiDocument> | undefined;

/** The service's OpenAPI 3.1 document, generated from the zod schemas the routes validate with. */
export function getOpenApiDocument() {
  cached ??= buildOpenApiDocument([registerPlatformOpenApi]);
  return cached;
}
