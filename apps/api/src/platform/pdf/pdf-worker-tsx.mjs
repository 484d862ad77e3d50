// The PDF worker when the API runs from its sources (tsx, vitest): a worker thread starts as plain
// Node, so the TypeScript handlers are loaded through tsx. The production build bundles
// pdf-worker.ts as dist/pdf-worker.mjs instead (apps/api/scripts/build.mjs).
import { tsImport } from 'tsx/esm/api';

const handlers = await tsImport('./pdf-worker.ts', import.meta.url);
export const { budget, contract, personalData } = handlers;
