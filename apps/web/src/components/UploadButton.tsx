import { type UploadRule, uploadAccept } from '@app/shared/files';
import { Button, type ButtonProps, FileButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type ReactNode, useRef } from 'react';

type Props = Omit<ButtonProps, 'loading' | 'disabled'> & {
  /** The accepted types (the server checks the bytes again): an upload rule, or an `accept` list of its own (spreadsheets). */
  rule: UploadRule | { accept: string };
  onPick: (file: File) => void;
  /** While a file is on its way: the button spins and takes no other. */
  busy: boolean;
  /** The hidden file input's name, when the button's text does not say what the file is for. */
  inputLabel?: string;
  'aria-describedby'?: string;
  children: ReactNode;
};

/** Picks one file to upload. The input is cleared after each pick, so choosing the same file again is seen again. */
export function UploadButton({ rule, onPick, busy, inputLabel, children, ...button }: Props) {
  const resetFile = useRef<() => void>(null);
  return (
    <FileButton
      onChange={(file) => {
        if (!file) return;
        resetFile.current?.();
        onPick(file);
      }}
      resetRef={resetFile}
      accept={'accept' in rule ? rule.accept : uploadAccept(rule)}
      disabled={busy}
      inputProps={inputLabel ? { 'aria-label': inputLabel } : undefined}
    >
      {(props) => (
        <Button {...props} leftSection={<IconUpload size={16} aria-hidden />} {...button} loading={busy}>
          {children}
        </Button>
      )}
    </FileButton>
  );
}
