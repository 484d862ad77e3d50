import { IMAGE_UPLOAD, uploadHint } from '@app/shared/files';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { UploadButton } from './UploadButton';

/** An uploaded image's actions: send or replace it (an image upload's rule), remove it, and the rule's hint. */
export function ImageUploadActions(props: {
  hasImage: boolean;
  busy: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
  /** The file input's accessible name. */
  inputLabel: string;
  labels: { send: string; replace: string };
}) {
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <UploadButton rule={IMAGE_UPLOAD} onPick={props.onPick} busy={props.busy} inputLabel={props.inputLabel} variant="light" size="sm">
          {props.hasImage ? props.labels.replace : props.labels.send}
        </UploadButton>
        {props.hasImage && (
          <Button
            variant="subtle"
            color="red"
            size="sm"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled={props.busy}
            onClick={props.onRemove}
          >
            Remover
          </Button>
        )}
      </Group>
      <Text fz="xs" c="dimmed">
        {uploadHint(IMAGE_UPLOAD)}.
      </Text>
    </Stack>
  );
}
