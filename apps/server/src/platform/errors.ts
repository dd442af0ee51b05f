import { type ErrorCode, errorCatalogue, errorMessage } from '@chok/contract/errors';

/**
 * A refusal with a code from the catalogue. Domain code throws these; one error handler turns them
 * into the envelope and HTTP status (docs/architecture.md, "How a request flows"; docs/decisions/0003).
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;
  readonly fields?: Record<string, string>;
  readonly data: unknown;
  constructor(
    code: ErrorCode,
    params: Record<string, string | number> = {},
    fields?: Record<string, string>,
    data: unknown = null,
  ) {
    // A refusal is an answer, not a fault: it is made without a stack trace, which V8 would otherwise
    // capture on every one (7–12 µs; under load most answers of a busy yeekee round are refusals,
    // docs/benchmarks.md, "the main thread of a phone"). A 5xx code keeps its trace for the log.
    const message = errorMessage(code, params);
    const status = errorCatalogue[code].status;
    const limit = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.statusCode = status;
    this.code = code;
    this.params = params;
    this.fields = fields;
    this.data = data;
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
