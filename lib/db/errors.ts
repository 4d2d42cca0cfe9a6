import { AppError } from '@/lib/core/errors';

/**
 * Database failures that are the caller's doing, as the AppError they mean: Prisma's "record not
 * found" (P2025) and a missing foreign key (P2003) name no record; a unique violation is a conflict;
 * PostgreSQL's invalid uuid/number/date input (22P02, 22003, 22007, 22008) is bad input.
 */
export function fromDatabaseError(error: unknown): AppError | undefined {
  const code = (error as { code?: unknown })?.code;
  if (code === 'P2025' || code === 'P2003') return AppError.notFound();
  if (code === 'P2002' || code === '23505') return new AppError('CONFLICT');
  if (code === '22P02' || code === '22003' || code === '22007' || code === '22008') return AppError.validation('(value): invalid');
  return undefined;
}
