// Multipart uploads (progress reported as a percentage). fetch has no upload
// progress, so these go through XMLHttpRequest with the same bearer token as every call.
import { type ApiErrorBody, IMAGE_UPLOAD_ERROR } from '@app/shared/errors';
import type { UploadImageOutput } from '@app/shared/uploads';
import { apiError } from './api-error';
import { handleApiError } from './query-client';
import { getToken } from './session';

export type UploadOptions = {
  /** 0..100, as the browser sends the body. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

/** Rejects like a tRPC call does (`error.data` holds the API's error body), so apiError() reads both. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly data: ApiErrorBody | null,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * A multipart request with a file and/or text fields (a route that replaces takes PATCH; the
 * spreadsheet imports take PUT). `version`: the record's version the screen read, sent as If-Match.
 */
export function sendMultipart<T>(
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  parts: { file?: File; fields?: Record<string, string>; version?: number },
  opts: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.responseType = 'json';
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (parts.version !== undefined) xhr.setRequestHeader('If-Match', `"${parts.version}"`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) opts.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(100);
        resolve(xhr.response as T);
        return;
      }
      const body = xhr.response as ApiErrorBody | null;
      const data = body && typeof body.status === 'number' ? body : null;
      reject(new UploadError(`upload answered ${xhr.status}`, data));
    };
    xhr.onerror = () => reject(new UploadError('network error', null));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    for (const [name, value] of Object.entries(parts.fields ?? {})) body.append(name, value);
    if (parts.file) body.append('file', parts.file);
    xhr.send(body);
  });
}

export const uploadFile = <T>(url: string, file: File, opts?: UploadOptions) => sendMultipart<T>('POST', url, { file }, opts);

/** POST /api/uploads/image: the stored image's key (to save on a resource) and its URL. */
export const uploadImage = (file: File, opts?: UploadOptions) => uploadFile<UploadImageOutput>('/api/uploads/image', file, opts);

/**
 * An upload's failure, for the screen to show by its upload button (not in the notification bar):
 * the server's error for a refused file, else `fallback` ('Erro ao fazer upload da imagem'). A
 * 401/403 ends the session and a 402 opens the plan modals, like any other call.
 */
export function reportUploadError(error: unknown, fallback = IMAGE_UPLOAD_ERROR): string {
  const err = apiError(error);
  if (err.status === 401 || err.status === 402 || err.status === 403) {
    handleApiError(error);
    return fallback;
  }
  const serverText = err.code !== 'NETWORK' && err.status < 500 ? (Object.values(err.errors)[0]?.[0] ?? err.message) : null;
  return serverText || fallback;
}
