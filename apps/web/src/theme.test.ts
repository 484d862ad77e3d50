import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

/** WCAG 2 contrast ratio of two '#rrggbb' colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const WHITE = '#ffffff';
const PANEL = merged.colors.gray[0];
// 'dark' is the dark scheme's background palette, never a colour of text or controls here.
const palettes = Object.entries(merged.colors).filter(([name]) => name !== 'dark');

describe('theme colours (WCAG AA)', () => {
  it.each(palettes)('%s: filled, outline and coloured text (shade 6) read on white and on panels', (_, shades) => {
    expect(contrast(shades[6], WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shades[6], PANEL)).toBeGreaterThanOrEqual(4.5);
    // Hover darkens: never below the resting shade.
    expect(contrast(shades[7], WHITE)).toBeGreaterThanOrEqual(contrast(shades[6], WHITE));
  });

  it.each(palettes)('%s: the light variant (shade 9 on shade 1) reads', (_, shades) => {
    expect(contrast(shades[9], shades[1])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(palettes)('dimmed hints (gray-6) read on the %s light background (a selected row)', (_, shades) => {
    expect(contrast(merged.colors.gray[6], shades[1])).toBeGreaterThanOrEqual(4.5);
  });

  it('the edge of the form controls (gray-5) stands out from the page', () => {
    expect(contrast(merged.colors.gray[5], WHITE)).toBeGreaterThanOrEqual(3);
  });

  it('the primary colour is a checked palette at its filled shade', () => {
    expect(merged.primaryShade).toEqual({ light: 6, dark: 8 });
    expect(palettes.map(([name]) => name)).toContain(merged.primaryColor);
  });

  it('Mantine’s own shades would fail (the rule bites)', () => {
    expect(contrast(DEFAULT_THEME.colors.blue[6], WHITE)).toBeLessThan(4.5);
    expect(contrast(DEFAULT_THEME.colors.gray[6], WHITE)).toBeLessThan(4.5);
  });
});
