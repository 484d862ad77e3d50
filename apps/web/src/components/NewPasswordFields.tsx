import { PASSWORD_MIN_LENGTH } from '@app/shared/constants';
import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/** A new password and its confirmation, with the input props of their form's fields. */
export function NewPasswordFields({
  password,
  confirmation,
  autoFocus,
}: {
  password: GetInputPropsReturnType;
  confirmation: GetInputPropsReturnType;
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordInput
        label="Nova senha"
        description={`Mínimo de ${PASSWORD_MIN_LENGTH} caracteres`}
        autoComplete="new-password"
        withAsterisk
        autoFocus={autoFocus}
        {...password}
      />
      <PasswordInput label="Confirme a nova senha" autoComplete="new-password" withAsterisk {...confirmation} />
    </>
  );
}
