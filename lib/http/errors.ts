import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { AppError, type ErrorCode, type ErrorDetail } from '@/lib/core/errors';
import { log } from '@/lib/core/logger';
import { fromDatabaseError } from '@/lib/db/errors';
import { splitValidationError, validationErrorIn } from '@/lib/core/validation-text';
import { secondsUntilBudgetRenews } from '@/lib/attachments/upload-budget';

export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  INVALID_STATUS_TRANSITION: 409,
  DUPLICATE_CRM_ID: 409,
  DUPLICATE_EXTERNAL_REF: 409,
  FOUR_EYES_REQUIRED: 403,
  WEBHOOK_DISABLED: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  FORM_NOT_ENABLEABLE: 409,
  ALREADY_SUBMITTED: 409,
  FORM_NOT_OPEN: 409,
  FORM_NOT_DRAFT: 409,
  KYC_BLOCKED: 409,
  TAG_IN_USE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UPLOAD_BUDGET_EXCEEDED: 429,
  IDEMPOTENCY_ANSWER_LOST: 409,
  MFA_ENROLMENT_REQUIRED: 403,
  STALE_UPDATE: 409,
  INTERNAL_ERROR: 500,
};

export interface ErrorBody {
  errorCode: ErrorCode;
  message: { en: string; ar: string };
  validationErrors?: string[];
}

/** How many of a validation error's problems its message names (all stay in validationErrors). */
const PROBLEMS_IN_MESSAGE = 3;

/**
 * A validation error's message in one language, naming its first problems: validationErrors is
 * English (the contract's strings, read by code), so the Arabic reader finds them here in Arabic.
 */
function validationMessage(errors: readonly string[], locale: 'en' | 'ar'): string {
  const texts = locale === 'ar' ? ar.validationSummary : en.validationSummary;
  // "(body): malformed JSON" reads as "malformed JSON" here: the whole body is at fault.
  const shown = errors
    .slice(0, PROBLEMS_IN_MESSAGE)
    .map((entry) => validationErrorIn(entry.startsWith('(') ? splitValidationError(entry).message : entry, locale));
  const rest = errors.length - shown.length;
  const separator = locale === 'ar' ? '؛ ' : '; ';
  const more = rest > 0 ? `${separator}${texts.more.replace('{count}', String(rest))}` : '';
  return `${texts.head} — ${shown.join(separator)}${more}.`;
}

export function errorBody(code: ErrorCode, validationErrors?: string[], detail?: ErrorDetail): ErrorBody {
  const message = detail ? { en: en.errorDetails[detail], ar: ar.errorDetails[detail] } : { en: en.errors[code], ar: ar.errors[code] };
  const body: ErrorBody = { errorCode: code, message };
  if (code === 'VALIDATION_ERROR') {
    body.validationErrors = validationErrors ?? [];
    if (!detail && body.validationErrors.length)
      body.message = { en: validationMessage(body.validationErrors, 'en'), ar: validationMessage(body.validationErrors, 'ar') };
  }
  return body;
}

/** An error answered with its own headers (Retry-After on 429, Allow on 405). */
export class HttpError extends AppError {
  constructor(
    code: ErrorCode,
    readonly headers: Record<string, string>,
  ) {
    super(code);
  }
}

/**
 * The one place an error becomes a response: AppError (and database errors that are the caller's
 * doing) → its status and bilingual body; anything else → an opaque 500 with the request id, logged
 * with its stack.
 */
export function errorResponse(error: unknown, context: { requestId: string; method: string; path: string }): Response {
  const known = error instanceof AppError ? error : fromDatabaseError(error);
  if (known) {
    return Response.json(errorBody(known.code, known.validationErrors, known.detail), {
      status: ERROR_STATUS[known.code],
      headers: {
        'cache-control': 'no-store',
        // The tenant's upload budget renews at midnight UTC.
        ...(known.code === 'UPLOAD_BUDGET_EXCEEDED' ? { 'retry-after': String(secondsUntilBudgetRenews()) } : {}),
        ...(known instanceof HttpError ? known.headers : {}),
      },
    });
  }
  log('error', 'unhandled error', {
    ...context,
    error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
  });
  return Response.json(errorBody('INTERNAL_ERROR'), { status: 500, headers: { 'cache-control': 'no-store' } });
}
