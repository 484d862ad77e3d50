import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Records the scripts `page` loads from now on; `measure()` gzips each body as served (level 9) and
 * checks the page's module entry is among them and every body could be read.
 */
export function recordScripts(page: Page) {
  const bodies = new Map<string, Promise<Buffer | null>>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() === 'script' || url.pathname.endsWith('.js')) {
      bodies.set(
        url.pathname,
        response.body().catch(() => null),
      );
    }
  });

  return {
    /** The module entry's path, the scripts' gzip total in bytes and a listing for a failure message. */
    async measure(): Promise<{ entry: string; total: number; summary: string }> {
      const entry = await page.evaluate(
        () => new URL(document.querySelector<HTMLScriptElement>('script[type="module"]')?.src ?? '').pathname,
      );
      const files = await Promise.all(
        [...bodies].map(async ([path, body]) => {
          const bytes = await body;
          return { path, gzip: bytes ? gzipSync(bytes, { level: 9 }).length : Number.NaN };
        }),
      );
      expect(files.map((file) => file.path)).toContain(entry);
      expect(
        files.filter((file) => Number.isNaN(file.gzip)).map((file) => file.path),
        'scripts whose body could not be read',
      ).toEqual([]);
      const total = files.reduce((sum, file) => sum + file.gzip, 0);
      const listing = files
        .sort((a, b) => b.gzip - a.gzip)
        .map((file) => `${(file.gzip / 1000).toFixed(2).padStart(7)} kB  ${file.path}`)
        .join('\n');
      return { entry, total, summary: `${files.length} files, ${(total / 1000).toFixed(1)} kB gzip:\n${listing}` };
    },
  };
}
