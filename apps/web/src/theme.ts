import { createTheme, type MantineThemeOverride } from '@mantine/core';

// pt-BR names for the controls Mantine labels in English by default. Plain objects (not
// Component.extend) so the theme does not pull those components into the entry chunk.
export const theme: MantineThemeOverride = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Mostrar senha' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar menu' } } },
    Select: { defaultProps: { clearButtonProps: { 'aria-label': 'Limpar' }, nothingFoundMessage: 'Nada encontrado' } },
  },
});
