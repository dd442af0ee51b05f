import { type ErrorCode, errorCatalogue, errorMessage } from '@chok/contract/errors';

/**
 * A refusal with a code from the catalogue. Domain code throws these; one error handler turns them
 * into the envelope and HTTP status (docs/architecture.md, "How a request flows"; docs/decisions/0003).
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly fields?: Record<string, string>,
    readonly data: unknown = null,
  ) {
    super(errorMessage(code, params));
    this.statusCode = errorCatalogue[code].status;
  }
}

export function envelopeOf(err: AppError) {
  return {
    error: errorCatalogue[err.code].error,
    code: err.code,
    message: err.message,
    data: err.data,
    ...(err.fields ? { fields: err.fields } : {}),
  };
}
