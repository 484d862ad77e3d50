import { useState } from 'react';
import { reportUploadError, uploadImage } from './upload';

/**
 * One image picked, uploaded with its progress, then its key handed to `save`, which calls `done`
 * once the record holding the key is saved (the progress shows until then).
 */
export function useImageUpload(save: (key: string, done: () => void) => void) {
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const upload = async (file: File) => {
    setUploadError(null);
    setProgress(0);
    let key: string;
    try {
      key = (await uploadImage(file, { onProgress: setProgress })).key;
    } catch (error) {
      setProgress(null);
      setUploadError(reportUploadError(error));
      return;
    }
    save(key, () => setProgress(null));
  };
  return { upload, progress, uploadError };
}
