import { describe, expect, it } from 'vitest';
import { fileSize } from './format';

describe('fileSize', () => {
  it('bytes below 1 KB as they are', () => {
    expect(fileSize(0)).toBe('0 B');
    expect(fileSize(1023)).toBe('1023 B');
  });

  it('KB and MB with at most one decimal, pt-BR comma', () => {
    expect(fileSize(1024)).toBe('1 KB');
    expect(fileSize(1536)).toBe('1,5 KB');
    expect(fileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(fileSize(2.5 * 1024 * 1024)).toBe('2,5 MB');
  });
});
