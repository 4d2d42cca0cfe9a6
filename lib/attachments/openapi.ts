import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { apiKeyHeaders, errorResponses, jsonContent } from '@/lib/api/openapi';
import { attachmentParams, attachmentSchema, createAttachmentForm, createAttachmentResponse } from './schemas';

export function registerAttachmentsOpenApi(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/attachments',
    summary: 'Create attachment (multipart/form-data)',
    description:
      'Field `file` (required) and optional `name`. The type is decided from the bytes: images, videos and PDF only (415 otherwise, whatever the file name says). ' +
      'Size limit ATTACHMENT_MAX_BYTES (default 25 MB, 413 beyond). Answers 201.',
    request: { headers: apiKeyHeaders, body: { content: { 'multipart/form-data': { schema: createAttachmentForm } } } },
    responses: { 201: jsonContent(createAttachmentResponse, 'Created'), ...errorResponses('VALIDATION_ERROR', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE') },
  });
  registry.registerPath({
    method: 'get',
    path: '/attachments/{attachmentId}',
    summary: 'Attachment metadata',
    request: { headers: apiKeyHeaders, params: attachmentParams },
    responses: { 200: jsonContent(attachmentSchema), ...errorResponses('NOT_FOUND') },
  });
  registry.registerPath({
    method: 'get',
    path: '/attachments/{attachmentId}/content',
    summary: 'Download attachment bytes',
    description: 'Served with the detected type, `Content-Disposition: attachment` and `X-Content-Type-Options: nosniff`.',
    request: { headers: apiKeyHeaders, params: attachmentParams },
    responses: {
      200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } } },
      ...errorResponses('NOT_FOUND'),
    },
  });
}
