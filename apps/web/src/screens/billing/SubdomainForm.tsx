// The agency's own address on /seu-plano: the owner chooses its subdomain while the plan has
// custom_subdomain (the screen shows the form only then), through PATCH /api/profile. With
// BASE_DOMAIN the guards then carry the session over to the new address.
import { updateProfileInput } from '@app/shared/auth';
import { Button, Group, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorText } from '../../components/ErrorText';
import { useSchemaForm } from '../../lib/form';
import { baseDomain } from '../../lib/hosts';
import { getRouter } from '../../lib/navigation';
import { profileQuery } from '../../lib/session-queries';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

const subdomainInput = updateProfileInput.pick({ subdomain: true });
const LABELS = { subdomain: 'Endereço próprio' };

export function SubdomainForm({ subdomain }: { subdomain: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const domain = baseDomain();
  const form = useSchemaForm({ schema: subdomainInput, initialValues: { subdomain: subdomain ?? '' }, labels: LABELS });
  const save = useMutation(
    trpc.profile.update.mutationOptions({
      onSuccess: (profile) => {
        queryClient.setQueryData(profileQuery(trpc).queryKey, profile);
        form.resetDirty({ subdomain: profile.subdomain ?? '' });
        toastSuccess('Endereço da agência salvo.');
        // The guards run again: with a base domain, the session moves to the new address.
        void getRouter()?.revalidate();
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const typed = String(form.getValues().subdomain ?? '').trim() || 'sua-agencia';
  return (
    <form noValidate aria-label="Endereço próprio da agência" onSubmit={form.submit((input) => save.mutate(input))}>
      <ErrorText>{form.formError}</ErrorText>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={LABELS.subdomain}
          description={domain ? `A agência fica em ${typed}.${domain}` : 'Letras minúsculas, números e hífen.'}
          placeholder="sua-agencia"
          autoComplete="off"
          style={{ flex: 1, minWidth: 220 }}
          {...form.getInputProps('subdomain')}
        />
        <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
          Salvar endereço
        </Button>
      </Group>
    </form>
  );
}
