import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import { searchWordsFilter } from './lib/options-filter';

/**
 * Mantine's palettes with shades 6 to 9 darkened (hue and saturation kept) to WCAG AA: shade 6 —
 * filled buttons under white text, links, outline and coloured text, the error text (red) and
 * the dimmed hints (gray) — has at least 5:1 against white (4.5:1 still on gray-0 panels), and
 * the light variant's text (shade 9) at least 6:1 on its background (shade 1). Mantine's own
 * shade 6 has 2.4 to 3.6:1. The dimmed gray-6 reads on every shade 1 too (a selected row). Gray-5,
 * the edge of the form controls (app.css) and the placeholder, has 3:1. theme.test.ts holds these
 * rules.
 */
const ACCESSIBLE_COLORS: Record<string, MantineColorsTuple> = {
  gray: ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#88949f', '#5b6269', '#495057', '#343a40', '#212529'],
  red: ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#dd0606', '#c60f0f', '#af1a1a', '#972020'],
  pink: ['#fff0f6', '#ffdeeb', '#fcc2d7', '#faa2c1', '#f783ac', '#f06595', '#d31d5d', '#ba2559', '#a82050', '#971b46'],
  grape: ['#f8f0fc', '#f3d9fa', '#eebefa', '#e599f7', '#da77f2', '#cc5de8', '#b02ad2', '#9a32b3', '#892f9f', '#7a2a8f'],
  violet: ['#f3f0ff', '#e5dbff', '#d0bfff', '#b197fc', '#9775fa', '#845ef7', '#764cf2', '#6a40e7', '#5e36d7', '#5536b2'],
  indigo: ['#edf2ff', '#dbe4ff', '#bac8ff', '#91a7ff', '#748ffc', '#5c7cfa', '#395ef4', '#2e52e9', '#2749d4', '#2f44ad'],
  blue: ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#1670be', '#1665ac', '#145a9b', '#135089'],
  cyan: ['#e3fafc', '#c5f6fa', '#99e9f2', '#66d9e8', '#3bc9db', '#22b8cf', '#0f7988', '#0c6d7c', '#096271', '#085765'],
  teal: ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#0c7d5b', '#087151', '#066548', '#065a40'],
  green: ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#297d38', '#237131', '#1e662c', '#1c5a28'],
  lime: ['#f4fce3', '#e9fac8', '#d8f5a2', '#c0eb75', '#a9e34b', '#94d82d', '#4e7912', '#456e0d', '#3c6309', '#375808'],
  yellow: ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#916603', '#895900', '#834c00', '#7a3f00'],
  orange: ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#b25202', '#a74505', '#993b08', '#8e2f0a'],
};

// Comboboxes: typing filters as the lists' searches do (every word, any order) and highlights the
// first match, so Enter takes it; a search with no match says so. pt-BR names for the controls
// Mantine labels in English by default. Plain objects (not Component.extend) so the theme does not
// pull those components into the entry chunk.
const comboboxDefaults = { selectFirstOptionOnChange: true, nothingFoundMessage: 'Nenhum resultado', filter: searchWordsFilter };

export const theme: MantineThemeOverride = createTheme({
  primaryColor: 'blue',
  colors: ACCESSIBLE_COLORS,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Mostrar senha' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar menu' } } },
    Select: { defaultProps: { ...comboboxDefaults, clearButtonProps: { 'aria-label': 'Limpar' } } },
    MultiSelect: { defaultProps: { ...comboboxDefaults, clearButtonProps: { 'aria-label': 'Limpar' } } },
    Autocomplete: { defaultProps: { filter: searchWordsFilter } },
    // A table wider than the screen scrolls in its own box: a Tab stop, so the arrows scroll it.
    TableScrollContainer: { defaultProps: { type: 'native', tabIndex: 0 } },
  },
});
