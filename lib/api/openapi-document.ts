import { buildOpenApiDocument } from './openapi';
import { registerPlatformOpenApi } from '@/lib/platform/openapi';
import { registerEntitiesOpenApi } from '@/lib/entities/openapi';
import { registerAttachmentsOpenApi } from '@/lib/attachments/openapi';
import { registerBankAccountsOpenApi } from '@/lib/bank-accounts/openapi';
import { registerTagsOpenApi } from '@/lib/tags/openapi';
import { registerReferenceOpenApi } from '@/lib/reference/openapi';
import { registerWebhooksOpenApi } from '@/lib/webhooks/openapi';
import { registerScreeningOpenApi } from '@/lib/screening/openapi';

let cached: ReturnType<typeof buildOpenApiDocument> | undefined;

/** The service's OpenAPI 3.1 document, generated from the zod schemas the routes validate with. */
export function getOpenApiDocument() {
  cached ??= buildOpenApiDocument([registerPlatformOpenApi, registerEntitiesOpenApi, registerAttachmentsOpenApi, registerBankAccountsOpenApi, registerTagsOpenApi, registerReferenceOpenApi, registerWebhooksOpenApi, registerScreeningOpenApi]);
  return cached;
}
