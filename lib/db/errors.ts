import { AppError, type ErrorDetail } from '@/lib/core/errors';

/**
 * Unique indexes whose violation has a more precise message than "conflicts with the current state":
 * the race a service's own check cannot close (two requests both finding no duplicate) ends here.
 */
const CONFLICT_DETAILS: Record<string, ErrorDetail> = {
  BankAccount_tenantId_entityId_iban_key: 'duplicateIban',
  ErasureRequest_one_pending_per_entity: 'erasureAlreadyPending',
  Tag_tenantId_scope_nameEn_key: 'duplicateTag',
  TransactionRule_tenantId_code_key: 'duplicateRuleCode',
};

/**
 * Database failures that are the caller's doing, as the AppError they mean: Prisma's "record not
 * found" (P2025) and a missing foreign key (P2003) name no record; a unique violation is a conflict,
 * with the detail of its index when it has one; PostgreSQL's invalid uuid/number/date input (22P02,
 * 22003, 22007, 22008) is bad input. A raw statement run inside an ORM transaction fails as Prisma's
 * P2010 with PostgreSQL's own code inside, a statement on a plain connection with PostgreSQL's code
 * itself: both are read the same way.
 */
export function fromDatabaseError(error: unknown): AppError | undefined {
  const code = databaseErrorCode(error);
  if (code === 'P2025' || code === 'P2003') return AppError.notFound();
  if (code === 'P2002' || code === '23505') return new AppError('CONFLICT', undefined, CONFLICT_DETAILS[constraintName(error) ?? '']);
  if (code === '22P02' || code === '22003' || code === '22007' || code === '22008') return AppError.validation('(value): invalid');
  return undefined;
}

/** The violated index: pg's `constraint`, or the one the Prisma driver adapter passes on. */
function constraintName(error: unknown): string | undefined {
  const e = error as { constraint?: unknown; meta?: { driverAdapterError?: { cause?: { constraint?: { index?: unknown } } } } } | null | undefined;
  const name = e?.constraint ?? e?.meta?.driverAdapterError?.cause?.constraint?.index;
  return typeof name === 'string' ? name : undefined;
}

function databaseErrorCode(error: unknown): unknown {
  const e = error as { code?: unknown; meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } } | null | undefined;
  if (e?.code === 'P2010') return e.meta?.driverAdapterError?.cause?.originalCode ?? e.code;
  return e?.code;
}
