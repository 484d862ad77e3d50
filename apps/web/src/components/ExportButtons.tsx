// The export buttons of a list: each format downloads `path/format?query` with the bearer token.
import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile } from '../lib/download';

type ExportFormat = { format: string; label: string; extension: string };

const SPREADSHEETS: ExportFormat[] = [
  { format: 'csv', label: 'Exportar CSV', extension: 'csv' },
  { format: 'xlsx', label: 'Exportar XLSX', extension: 'xlsx' },
];

/** CSV and XLSX of the list as filtered, unless other `formats` are given. */
export function ExportButtons({
  path,
  query,
  filename,
  formats = SPREADSHEETS,
}: {
  path: string;
  query: URLSearchParams;
  filename: string;
  formats?: ExportFormat[];
}) {
  const [pending, setPending] = useState<string | null>(null);
  const download = async ({ format, extension }: ExportFormat) => {
    setPending(format);
    try {
      await downloadFile(`${path}/${format}?${query}`, `${filename}.${extension}`);
    } finally {
      setPending(null);
    }
  };
  return (
    <Group gap="xs">
      {formats.map((f) => (
        <Button
          key={f.format}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={pending === f.format}
          onClick={() => void download(f)}
        >
          {f.label}
        </Button>
      ))}
    </Group>
  );
}
