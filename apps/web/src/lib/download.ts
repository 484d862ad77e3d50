// Authenticated file downloads: the bearer token rides in a header, so a plain link cannot fetch
// them; the file is read as a blob and handed to the browser's save dialog.
import type { ApiErrorBody } from '@app/shared/errors';
import { handleApiError } from './query-client';
import { getToken } from './session';

/** POSTs `body` as JSON, or GETs the file when there is none. */
export async function downloadFile(url: string, filename: string, body?: unknown): Promise<void> {
  const token = getToken();
  const auth: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  let res: Response;
  try {
    res = await fetch(
      url,
      body === undefined
        ? { headers: auth }
        : { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(body) },
    );
  } catch (error) {
    handleApiError(error);
    return;
  }
  if (!res.ok) {
    const data = (await res.json().catch(() => null)) as ApiErrorBody | null;
    handleApiError(Object.assign(new Error(`download answered ${res.status}`), { data, meta: { response: res } }));
    return;
  }
  const href = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.click();
  // After the click has handed the blob to the download.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
