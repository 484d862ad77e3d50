import { describe, expect, it } from 'vitest';
import { recordVersion, staleActionMessage, staleVersionMessage, versionFromIfMatch } from './versions';

describe('staleVersionMessage', () => {
  it('names who and when, in the agencies’ time zone', () => {
    expect(staleVersionMessage({ updated_by: { id: 1, name: 'Ana' }, updated_at: '2026-11-28T17:03:00.000Z' })).toBe(
      'Este registro foi alterado por Ana em 28/11/2026 14:03. Revise e salve de novo.',
    );
  });

  it('leaves out who when the system made the change', () => {
    expect(staleVersionMessage({ updated_by: null, updated_at: '2026-01-02T03:04:00.000Z' })).toBe(
      'Este registro foi alterado em 02/01/2026 00:04. Revise e salve de novo.',
    );
  });
});

describe('staleActionMessage', () => {
  it('tells a one-click action who changed the record and at what time, and that nothing was done', () => {
    expect(staleActionMessage({ updated_by: { id: 1, name: 'Ana' }, updated_at: '2026-11-28T17:03:00.000Z' })).toBe(
      'Este registro foi alterado por Ana às 14:03. Nada foi feito: a tela foi atualizada, confira e tente de novo.',
    );
  });
});

describe('versionFromIfMatch', () => {
  it('reads a quoted, bare or weak version', () => {
    expect(versionFromIfMatch('"3"')).toBe(3);
    expect(versionFromIfMatch('12')).toBe(12);
    expect(versionFromIfMatch('W/"7"')).toBe(7);
    expect(versionFromIfMatch(['"4"', '"5"'])).toBe(4);
  });

  it('states none for anything else (the input schema then refuses it)', () => {
    expect(versionFromIfMatch(undefined)).toBeUndefined();
    expect(versionFromIfMatch('abc')).toBeUndefined();
    expect(versionFromIfMatch('"-1"')).toBeUndefined();
    expect(recordVersion.safeParse(0).success).toBe(false);
  });
});
