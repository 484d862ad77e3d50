// A file sent with its progress shown and a way to stop it (the signed contract, a voucher): the
// picked file is checked against the upload's rule first (the server checks the bytes again).
import { pickedFileProblem, type UploadRule } from '@app/shared/files';
import { useEffect, useRef, useState } from 'react';
import { reportUploadError, type UploadOptions } from '../../../lib/upload';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export function useUpload(rule: UploadRule, failure: string) {
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  /** Sends the file through `send`; true when it arrived. */
  const start = async (file: File, send: (file: File, opts: UploadOptions) => Promise<unknown>): Promise<boolean> => {
    const rejected = pickedFileProblem(rule, file);
    setProblem(rejected);
    if (rejected) return false;
    controller.current = new AbortController();
    setProgress(0);
    try {
      await send(file, { onProgress: setProgress, signal: controller.current.signal });
      return true;
    } catch (error) {
      if (!isAbort(error)) setProblem(reportUploadError(error, failure));
      return false;
    } finally {
      controller.current = null;
      setProgress(null);
    }
  };

  return { progress, problem, busy: progress !== null, start, cancel: () => controller.current?.abort() };
}
