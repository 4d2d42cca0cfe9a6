import en from '@/messages/en.json';
import ar from '@/messages/ar.json';

export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  INVALID_STATUS_TRANSITION: 409,
  DUPLICATE_CRM_ID: 409,
  WEBHOOK_DISABLED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  errorCode: ErrorCode;
  message: { en: string; ar: string };
  validationErrors?: string[];
}

/** The one error type services throw; the API wrapper turns it into the spec's error body. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly validationErrors?: string[],
    readonly headers?: Record<string, string>,
  ) {
    super(code);
    this.status = ERROR_STATUS[code];
  }

  static validation(...errors: string[]): ApiError {
    return new ApiError('VALIDATION_ERROR', errors);
  }

  static notFound(): ApiError {
    return new ApiError('NOT_FOUND');
  }
}

export function errorBody(code: ErrorCode, validationErrors?: string[]): ErrorBody {
  const body: ErrorBody = {
    errorCode: code,
    message: { en: en.errors[code], ar: ar.errors[code] },
  };
  if (code === 'VALIDATION_ERROR') body.validationErrors = validationErrors ?? [];
  return body;
}

/** Prisma's "record not found" (P2025) and "foreign key missing" (P2003) are 404s. */
export function fromPrismaError(error: unknown): ApiError | undefined {
  const code = (error as { code?: unknown })?.code;
  if (code === 'P2025' || code === 'P2003') return ApiError.notFound();
  if (code === 'P2002') return new ApiError('CONFLICT');
  // Invalid input syntax for a uuid, numeric overflow and the like are bad input, not our fault.
  if (code === '22P02' || code === '22003' || code === '22007' || code === '22008') return ApiError.validation('(value): invalid');
  return undefined;
}
