import { defineConfig } from 'vitest/config';

const shared = {
  exclude: ['**/node_modules/**', 'tests/e2e/**'],
  pool: 'forks' as const,
  testTimeout: 30_000,
  hookTimeout: 120_000,
};
const roots = ['packages/**/src', 'apps/api/src', 'apps/api/test', 'apps/web/src'];

// Two tiers: units (*.test.ts, no services) and API integration (*.integration.test.ts, through
// HTTP on a real database). `vitest run --project unit` is the quick tier; Playwright runs tests/e2e.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: roots.map((r) => `${r}/**/*.test.ts`),
          exclude: [...shared.exclude, '**/*.integration.test.ts'],
        },
      },
      {
        test: { ...shared, name: 'integration', include: roots.map((r) => `${r}/**/*.integration.test.ts`) },
      },
    ],
  },
});
