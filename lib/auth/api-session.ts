import { ApiError, errorBody, fromPrismaError } from '@/lib/api/errors';
import { log } from '@/lib/api/logger';
import { getSessionUser, type Role, type SessionUser } from './session';

/** Guard for the session-authenticated internal JSON routes: 401 without a session, 403 for a wrong role. */
export async function requireApiUser({ roles }: { roles?: Role[] } = {}): Promise<SessionUser> {
  const current = await getSessionUser();
  if (!current) throw new ApiError('UNAUTHORIZED');
  if ((roles && !roles.includes(current.user.role)) || !current.tenantId) throw new ApiError('FORBIDDEN');
  return { ...current, tenantId: current.tenantId };
}

/** Runs an internal route body and maps ApiError (and Prisma not-found) to the bilingual error body. */
export async function internalJson(work: () => Promise<unknown>, status = 200): Promise<Response> {
  try {
    const result = await work();
    if (result instanceof Response) return result;
    return Response.json(result, { status, headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    const apiError = error instanceof ApiError ? error : fromPrismaError(error);
    if (apiError) return Response.json(errorBody(apiError.code, apiError.validationErrors), { status: apiError.status });
    log('error', 'internal route failed', { error: error instanceof Error ? error.message : String(error) });
    return Response.json(errorBody('INTERNAL_ERROR'), { status: 500 });
  }
}
