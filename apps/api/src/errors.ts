// What services throw. Transport-free on purpose: the tRPC and HTTP answers are derived from the
// code in error-body.ts, so services import neither tRPC nor Fastify.
import type { VersionConflict } from '@app/shared';
import type { ZodError } from 'zod';

export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION'
  | 'UNAUTHORIZED'
  /** A restricted plan: not 401/403, which would log the user out in the web app. */
  | 'PLAN_RESTRICTED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL'
  /** A third party (e.g. the postal-code service) failed or timed out. */
  | 'UPSTREAM'
  /** A feature whose third party this server has no configuration for (e.g. the flight lookup without FLIGHT_API_URL). */
  | 'NOT_CONFIGURED';

export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: AppErrorCode;
  /** The catalogue message users read; without one, the answer carries its status's message. */
  readonly userMessage?: string;
  readonly fieldErrors?: Record<string, string[]>;
  /** A stale write's 409: the record's current version, who set it and when (versions.ts). */
  readonly conflict?: VersionConflict;

  constructor(code: AppErrorCode, opts: { message?: string; errors?: Record<string, string[]>; conflict?: VersionConflict } = {}) {
    super(opts.message ?? code);
    this.code = code;
    this.userMessage = opts.message;
    this.fieldErrors = opts.errors;
    this.conflict = opts.conflict;
  }
}

export const notFound = () => new AppError('NOT_FOUND');
export const fieldError = (field: string, message: string) => new AppError('VALIDATION', { errors: { [field]: [message] } });

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
