import { type ApiErrorBody, statusMessage } from '@app/shared';
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';

/** One table: application code -> HTTP status and tRPC code. */
const CODES = {
  BAD_REQUEST: { status: 400, trpc: 'BAD_REQUEST' },
  VALIDATION: { status: 400, trpc: 'BAD_REQUEST' },
  UNAUTHORIZED: { status: 401, trpc: 'UNAUTHORIZED' },
  // A restricted plan: not 401/403, which would log the user out in the web app.
  PLAN_RESTRICTED: { status: 402, trpc: 'PAYMENT_REQUIRED' },
  FORBIDDEN: { status: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { status: 404, trpc: 'NOT_FOUND' },
  CONFLICT: { status: 409, trpc: 'CONFLICT' },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: 'PAYLOAD_TOO_LARGE' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, trpc: 'UNSUPPORTED_MEDIA_TYPE' },
  TOO_MANY_REQUESTS: { status: 429, trpc: 'TOO_MANY_REQUESTS' },
  INTERNAL: { status: 500, trpc: 'INTERNAL_SERVER_ERROR' },
  /** A third party (e.g. the postal-code service) failed or timed out. */
  UPSTREAM: { status: 502, trpc: 'BAD_GATEWAY' },
} as const satisfies Record<string, { status: number; trpc: TRPC_ERROR_CODE_KEY }>;

export type AppErrorCode = keyof typeof CODES;

export class AppError extends TRPCError {
  readonly appCode: AppErrorCode;
  readonly status: number;
  readonly fieldErrors?: Record<string, string[]>;

  constructor(code: AppErrorCode, opts: { message?: string; errors?: Record<string, string[]> } = {}) {
    const { status, trpc } = CODES[code];
    super({ code: trpc, message: opts.message ?? statusMessage(status) });
    this.appCode = code;
    this.status = status;
    this.fieldErrors = opts.errors;
  }
}

export const notFound = () => new AppError('NOT_FOUND');
export const fieldError = (field: string, message: string) => new AppError('VALIDATION', { errors: { [field]: [message] } });

const TRPC_STATUS: Partial<Record<TRPC_ERROR_CODE_KEY, number>> = {
  BAD_REQUEST: 400,
  PARSE_ERROR: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
};

export function zodFieldErrors(error: ZodError): Record<string, string[]> {
  // A Map, not an object literal: field names come from the client, and `constructor` or
  // `__proto__` would resolve to Object.prototype members.
  const errors = new Map<string, string[]>();
  const add = (key: string, message: string) => errors.set(key, [...(errors.get(key) ?? []), message]);
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'base';
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) add(key === 'base' ? k : `${key}.${k}`, 'não é permitido');
      continue;
    }
    add(key, issue.message);
  }
  return Object.fromEntries(errors);
}

/**
 * Formats any error into the one body both transports return. Messages are exposed only
 * below 500; a 5xx carries the request id and nothing of its cause.
 */
export function toApiErrorBody(error: unknown, requestId?: string): ApiErrorBody {
  const cause = error instanceof TRPCError && error.cause ? error.cause : undefined;
  if (error instanceof AppError) {
    return { status: error.status, code: error.appCode, message: error.message, errors: error.fieldErrors, request_id: requestId };
  }
  if (cause instanceof AppError) return toApiErrorBody(cause, requestId);
  const zod = error instanceof ZodError ? error : cause instanceof ZodError ? cause : undefined;
  if (zod) {
    return { status: 400, code: 'VALIDATION', message: statusMessage(400), errors: zodFieldErrors(zod), request_id: requestId };
  }
  if (error instanceof TRPCError) {
    const status = TRPC_STATUS[error.code] ?? 500;
    return { status, code: error.code, message: statusMessage(status, status < 500 ? error.message : undefined), request_id: requestId };
  }
  const status = (error as { statusCode?: number })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, code: (error as { code?: string }).code ?? 'BAD_REQUEST', message: statusMessage(status), request_id: requestId };
  }
  return { status: 500, code: 'INTERNAL', message: statusMessage(500), request_id: requestId };
}
