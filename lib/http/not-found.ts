import { AppError } from '@/lib/core/errors';
import { errorResponse } from './errors';
import { API_CONTENT_SECURITY_POLICY, applySecurityHeaders } from './security-headers';
import type { HttpMethod, RouteHandler } from './route';

/** Every method of a path no route serves: 404 NOT_FOUND with the bilingual body, never Next's HTML page. */
export function notFoundRoutes(): Record<HttpMethod, RouteHandler> {
  const handler: RouteHandler = async (request) => {
    const requestId = request.headers.get('x-request-id')?.slice(0, 100) || crypto.randomUUID();
    const response = errorResponse(AppError.notFound(), { requestId, method: request.method, path: new URL(request.url).pathname });
    response.headers.set('x-request-id', requestId);
    applySecurityHeaders(response.headers, request, { csp: API_CONTENT_SECURITY_POLICY });
    return response;
  };
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler };
}
