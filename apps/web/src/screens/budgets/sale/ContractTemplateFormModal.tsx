// Create or edit a contract template: its name, the body (paragraphs, `# ` headings, **bold**) with a
// picker that inserts a field `{{...}}` where the cursor is, and beside it the contract as it would
// print, filled with sample data by the same renderer the PDF uses.
import {
  CONTRACT_PLACEHOLDER_GROUPS,
  CONTRACT_PLACEHOLDERS,
  CONTRACT_SAMPLE_VALUES,
  type ContractTemplate,
  createContractTemplateInput,
} from '@app/shared/contracts';
import { Grid, Group, Modal, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ErrorText } from '../../../components/ErrorText';
import { FormActions } from '../../../components/FormActions';
import { StaleWritePanel } from '../../../components/StaleWritePanel';
import { useSchemaForm } from '../../../lib/form';
import { useStaleWrite } from '../../../lib/stale-write';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { ContractPreview } from './ContractPreview';

const LABELS = { name: 'Nome', body: 'Texto do contrato', is_default: 'Modelo padrão', active: 'Ativo' };

/** The picker's options: the declared fields by group. */
const PLACEHOLDER_OPTIONS = (Object.keys(CONTRACT_PLACEHOLDER_GROUPS) as (keyof typeof CONTRACT_PLACEHOLDER_GROUPS)[]).map((group) => ({
  group: CONTRACT_PLACEHOLDER_GROUPS[group],
  items: CONTRACT_PLACEHOLDERS.filter((p) => p.group === group).map((p) => ({ value: p.key, label: p.label })),
}));

const templateValues = (template: ContractTemplate | undefined) => ({
  name: template?.name ?? '',
  body: template?.body ?? '',
  is_default: template?.is_default ?? false,
  active: template?.active ?? true,
});

function TemplateForm({ template, onClose }: { template?: ContractTemplate; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const bodyInput = useRef<HTMLTextAreaElement>(null);
  const form = useSchemaForm({ schema: createContractTemplateInput, initialValues: templateValues(template), labels: LABELS });
  const stale = useStaleWrite({
    version: template?.version,
    base: templateValues(template),
    readCurrent: async () => {
      const { items } = await queryClient.fetchQuery(trpc.contractTemplates.list.queryOptions(undefined, { staleTime: 0 }));
      const current = items.find((t) => t.id === template?.id);
      return { values: templateValues(current), version: current?.version ?? 0 };
    },
    // Taken by the form, then submitted on the version read.
    resave: (merged) => {
      form.setValues(merged);
      setTimeout(() => submit(), 0);
    },
  });
  const done = (message: string) => {
    void queryClient.invalidateQueries({ queryKey: trpc.contractTemplates.pathKey() });
    toastSuccess(message);
    onClose();
  };
  const onError = (error: unknown) => {
    if (!stale.caught(error, form.getValues())) form.setServerErrors(error);
  };
  const create = useMutation(
    trpc.contractTemplates.create.mutationOptions({ onSuccess: () => done('Modelo de contrato criado.'), onError }),
  );
  const update = useMutation(
    trpc.contractTemplates.update.mutationOptions({ onSuccess: () => done('Modelo de contrato salvo.'), onError }),
  );
  const pending = create.isPending || update.isPending;

  /** Puts `{{key}}` where the cursor is (or over the selection) and the cursor after it. */
  const insert = (key: string) => {
    const token = `{{${key}}}`;
    const node = bodyInput.current;
    const body = form.values.body;
    const start = node?.selectionStart ?? body.length;
    const end = node?.selectionEnd ?? body.length;
    form.setFieldValue('body', body.slice(0, start) + token + body.slice(end));
    requestAnimationFrame(() => {
      node?.focus();
      node?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const submit = form.submit((input) =>
    template ? update.mutate({ id: template.id, ...input, version: stale.version() }) : create.mutate(input),
  );

  return (
    <form noValidate aria-label={template ? 'Editar modelo de contrato' : 'Novo modelo de contrato'} onSubmit={submit}>
      <Stack gap="md">
        <ErrorText>{form.formError}</ErrorText>
        <StaleWritePanel state={stale} labels={LABELS} />
        <TextInput label="Nome" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <Group gap="xl" align="flex-start">
          <Switch
            label="Modelo padrão"
            description={
              template?.is_default
                ? 'Para trocar o padrão, marque outro modelo como padrão'
                : 'Usado quando o contrato é gerado sem escolher modelo'
            }
            disabled={template?.is_default}
            {...form.getInputProps('is_default', { type: 'checkbox' })}
            onChange={(e) => {
              form.setFieldValue('is_default', e.currentTarget.checked);
              if (e.currentTarget.checked) form.setFieldValue('active', true);
            }}
          />
          <Switch
            label="Ativo"
            description={form.values.is_default ? 'O modelo padrão fica sempre ativo' : 'Só os ativos aparecem ao gerar um contrato'}
            disabled={form.values.is_default}
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
        </Group>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="xs">
              <Select
                label="Inserir campo"
                description="O campo entra onde está o cursor no texto"
                placeholder="Escolha um campo…"
                searchable
                data={PLACEHOLDER_OPTIONS}
                value={null}
                onChange={(key) => key && insert(key)}
                nothingFoundMessage="Nenhum campo com esse nome"
              />
              <Textarea
                ref={bodyInput}
                label="Texto do contrato"
                description="Separe os parágrafos com uma linha em branco; # no começo da linha faz um título; **texto** fica em negrito."
                withAsterisk
                autosize
                minRows={14}
                maxRows={30}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
                {...form.getInputProps('body')}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="xs">
              <Text fz="sm" fw={500}>
                Pré-visualização com dados de exemplo
              </Text>
              <ContractPreview body={form.values.body} values={CONTRACT_SAMPLE_VALUES} label="Pré-visualização do contrato" />
            </Stack>
          </Grid.Col>
        </Grid>
        <FormActions onCancel={onClose} pending={pending}>
          {template ? 'Salvar modelo' : 'Criar modelo'}
        </FormActions>
      </Stack>
    </form>
  );
}

export function ContractTemplateFormModal({
  opened,
  template,
  onClose,
}: {
  opened: boolean;
  template?: ContractTemplate;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={600}>{template ? 'Editar modelo de contrato' : 'Novo modelo de contrato'}</Text>}
      size="90rem"
      fullScreen={phone}
      closeOnClickOutside={false}
    >
      {opened && <TemplateForm template={template} onClose={onClose} />}
    </Modal>
  );
}
