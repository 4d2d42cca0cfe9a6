/**
 * Error codes the service answers with (decisions.md, Errors). Any layer may throw an AppError; only
 * the HTTP edge (lib/http/errors.ts) turns it into a status and the bilingual body, and pages turn
 * NOT_FOUND into their not-found screen.
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'INVALID_STATUS_TRANSITION',
  'DUPLICATE_CRM_ID',
  'DUPLICATE_EXTERNAL_REF',
  'FOUR_EYES_REQUIRED',
  'WEBHOOK_DISABLED',
  'IDEMPOTENCY_KEY_IN_USE',
  'IDEMPOTENCY_KEY_REUSED',
  'FORM_NOT_ENABLEABLE',
  'ALREADY_SUBMITTED',
  'FORM_NOT_OPEN',
  'FORM_NOT_DRAFT',
  'KYC_BLOCKED',
  'TAG_IN_USE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'UPLOAD_BUDGET_EXCEEDED',
  'IDEMPOTENCY_ANSWER_LOST',
  'MFA_ENROLMENT_REQUIRED',
  'STALE_UPDATE',
  'INTERNAL_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** A more precise text for a code in one situation (messages' `errorDetails`); the code and status stay the same. */
export type ErrorDetail =
  | 'sessionRequired'
  | 'duplicateIdentity'
  | 'duplicateIban'
  | 'bankAccountNotPending'
  | 'erasureAlreadyPending'
  | 'duplicateTag'
  | 'unknownRoute'
  | 'caseClosed'
  | 'attachmentNotFound'
  | 'alertClosed'
  | 'duplicateRuleCode'
  | 'kycScreeningUndecided';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** Field-level problems of a VALIDATION_ERROR, each starting with the field path. */
    readonly validationErrors?: string[],
    readonly detail?: ErrorDetail,
  ) {
    super(code);
    this.name = 'AppError';
  }

  static validation(...errors: string[]): AppError {
    return new AppError('VALIDATION_ERROR', errors);
  }

  static notFound(): AppError {
    return new AppError('NOT_FOUND');
  }
}

export function isAppError(error: unknown, code?: ErrorCode): error is AppError {
  return error instanceof AppError && (code === undefined || error.code === code);
}
