import { AppError } from '@/lib/core/errors';

/**
 * Database failures that are the caller's doing, as the AppError they mean: Prisma's "record not
 * found" (P2025) and a missing foreign key (P2003) name no record; a unique violation is a conflict;
 * PostgreSQL's invalid uuid/number/date input (22P02, 22003, 22007, 22008) is bad input. A raw
 * statement run inside an ORM transaction fails as Prisma's P2010 with PostgreSQL's own code inside,
 * a statement on a plain connection with PostgreSQL's code itself: both are read the same way.
 */
export function fromDatabaseError(error: unknown): AppError | undefined {
  const code = databaseErrorCode(error);
  if (code === 'P2025' || code === 'P2003') return AppError.notFound();
  if (code === 'P2002' || code === '23505') return new AppError('CONFLICT');
  if (code === '22P02' || code === '22003' || code === '22007' || code === '22008') return AppError.validation('(value): invalid');
  return undefined;
}

function databaseErrorCode(error: unknown): unknown {
  const e = error as { code?: unknown; meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } } | null | undefined;
  if (e?.code === 'P2010') return e.meta?.driverAdapterError?.cause?.originalCode ?? e.code;
  return e?.code;
}
