import { apiErrorSchema, ERROR_CODES } from '@netloom/domain';

/** Failures that never reached the server's error handler get codes of their own. */
export const CLIENT_ERROR_CODES = {
  network: 'network_error',
  timeout: 'timeout',
  aborted: 'aborted',
  badResponse: 'bad_response',
} as const;

export type FieldErrors = Record<string, string[]>;

/** The one error type the console handles: code is what code branches on, detail is for people. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly errors: FieldErrors | undefined;

  constructor(init: { status: number; code: string; detail: string; errors?: FieldErrors }) {
    super(init.detail);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.errors = init.errors;
  }

  /** True when the request never got an answer (no connection, timed out). */
  get isConnectivity(): boolean {
    return this.code === CLIENT_ERROR_CODES.network || this.code === CLIENT_ERROR_CODES.timeout;
  }

  /** First message for a field of a 400 validation answer. */
  fieldError(field: string): string | undefined {
    return this.errors?.[field]?.[0];
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

const CODE_BY_STATUS: Record<number, string> = {
  400: ERROR_CODES.validation,
  401: ERROR_CODES.notAuthenticated,
  403: ERROR_CODES.permissionDenied,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  429: ERROR_CODES.rateLimited,
};

/** Maps an error answer to ApiError; answers not in the API's shape (a proxy page) still get a code. */
export function apiErrorFromResponse(status: number, body: unknown): ApiError {
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) return new ApiError({ status, ...parsed.data });
  const code = CODE_BY_STATUS[status] ?? (status >= 500 ? ERROR_CODES.server : 'http_error');
  return new ApiError({ status, code, detail: `Request failed with status ${status}` });
}
