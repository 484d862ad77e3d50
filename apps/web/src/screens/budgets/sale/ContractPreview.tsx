// A contract template filled with values, as the PDF lays it out: headings, paragraphs, bold runs.
import { type ContractValues, renderContractBlocks } from '@app/shared/contracts';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useDeferredValue } from 'react';

export function ContractPreview({ body, values, label }: { body: string; values: ContractValues; label: string }) {
  // Typing stays quick on a long template: the preview follows a beat behind.
  const deferred = useDeferredValue(body);
  const blocks = renderContractBlocks(deferred, values);
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-body)" aria-label={label} role="document" data-testid="contract-preview">
      {blocks.length === 0 ? (
        <Text fz="sm" c="dimmed">
          O contrato aparece aqui conforme você escreve o modelo.
        </Text>
      ) : (
        <Stack gap="sm">
          {blocks.map((block, i) =>
            block.kind === 'heading' ? (
              <Title key={i} order={3} fz="md" ta="center">
                {block.text}
              </Title>
            ) : (
              <Text key={i} fz="sm" style={{ textAlign: 'justify' }}>
                {block.lines.map((runs, j) => (
                  <span key={j}>
                    {j > 0 && <br />}
                    {runs.map((run, k) => (run.bold ? <b key={k}>{run.text}</b> : <span key={k}>{run.text}</span>))}
                  </span>
                ))}
              </Text>
            ),
          )}
        </Stack>
      )}
    </Paper>
  );
}
