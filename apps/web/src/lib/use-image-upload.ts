import { IMAGE_UPLOAD, pickedFileProblem } from '@app/shared/files';
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
    // A file the server would refuse is refused before any byte goes.
    const refused = pickedFileProblem(IMAGE_UPLOAD, file);
    setUploadError(refused);
    if (refused) return;
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
