import { AppError } from '@/lib/core/errors';
import { errorResponse } from './errors';
import { API_CONTENT_SECURITY_POLICY, applySecurityHeaders } from './security-headers';
import type { HttpMethod, RouteHandler } from './route';

/**
 * Every method of a path no route serves: 404 NOT_FOUND with the bilingual body, never Next's HTML
 * page; its message says that the path is unknown, not that a record is missing.
 */
export function notFoundRoutes(): Record<HttpMethod, RouteHandler> {
  const handler: RouteHandler = async (request) => {
    const requestId = request.headers.get('x-request-id')?.slice(0, 100) || crypto.randomUUID();
    const response = errorResponse(new AppError('NOT_FOUND', undefined, 'unknownRoute'), {
      requestId,
      method: request.method,
      path: new URL(request.url).pathname,
    });
    response.headers.set('x-request-id', requestId);
    applySecurityHeaders(response.headers, request, { csp: API_CONTENT_SECURITY_POLICY });
    return response;
  };
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler };
}
