import { PASSWORD_MIN_LENGTH } from '@app/shared/constants';
import { PasswordInput } from '@mantine/core';

type InputProps = {
  name: string;
  value: string;
  error?: string;
  onChange: (event: { currentTarget: { value: string } }) => void;
  onBlur: () => void;
};

/** Rules of a new password and its confirmation (API: at least 8 characters, both equal). */
export const NEW_PASSWORD_RULES = {
  password: `required|min:${PASSWORD_MIN_LENGTH}`,
  password_confirmation: 'required|confirmed:password',
};

export function NewPasswordFields({
  password,
  confirmation,
  autoFocus,
}: {
  password: InputProps;
  confirmation: InputProps;
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordInput
        label="Nova senha"
        description={`Mínimo de ${PASSWORD_MIN_LENGTH} caracteres`}
        autoComplete="new-password"
        withAsterisk
        maxLength={200}
        autoFocus={autoFocus}
        {...password}
      />
      <PasswordInput label="Confirme a nova senha" autoComplete="new-password" withAsterisk maxLength={200} {...confirmation} />
    </>
  );
}
