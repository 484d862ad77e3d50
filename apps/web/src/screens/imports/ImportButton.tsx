import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The list header's way to its import screen (/clientes/import, /fornecedores/import). */
export function ImportButton({ to }: { to: string }) {
  return (
    <Button component={Link} to={to} variant="default" leftSection={<IconFileImport size={18} aria-hidden />}>
      Importar
    </Button>
  );
}
