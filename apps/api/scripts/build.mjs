// The API's production build: apps/api/dist/main.mjs, holding our workspace code (apps/api,
// packages/shared, packages/db with its generated Prisma client), and the chunks it imports on
// demand (mail templates, PDFs, spreadsheets, the embedded database, the seeds): what a process
// never calls is never loaded, nor the packages it imports. Packages from node_modules stay
// external: they load their own files (wasm, fonts, data) as they always do.
// `node scripts/build.mjs [outdir]` (tests build into a folder of their own).
import { readFile, rm } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const API = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** esbuild plugin; `outDir` is where the bundle goes, as relative imports start from there. */
function workspaceOnly(outDir) {
  const fromOut = (path) => {
    const rel = relative(outDir, path).split('\\').join('/');
    return rel.startsWith('.') ? rel : `./${rel}`;
  };
  const plugin = {
    name: 'workspace-only',
    setup(b) {
      // pnpm gives each workspace package its own node_modules: a package imported by packages/db is
      // not visible from apps/api. Each external import is resolved from the file that makes it and
      // kept as a relative path to the exact file Node would load.
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (isBuiltin(args.path)) return { external: true };
        if (args.pluginData === plugin) return undefined;
        const found = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: plugin,
        });
        if (found.errors.length > 0) return { errors: found.errors };
        return found.path.includes('/node_modules/') ? { path: fromOut(found.path), external: true } : { path: found.path };
      });
      // Each bundled module keeps its own import.meta.url, so paths built from it (the repository
      // root, the migrations folder, createRequire) resolve as they do from the sources.
      b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const own = `new URL(${JSON.stringify(fromOut(args.path))}, import.meta.url).href`;
        return { contents: source.replaceAll('import.meta.url', own), loader: extname(args.path).slice(1) };
      });
    },
  };
  return plugin;
}

export async function buildApi(outDir = join(API, 'dist')) {
  await rm(outDir, { recursive: true, force: true });
  await build({
    // The PDF worker threads load an entry of their own (src/platform/pdf), sharing the chunks.
    entryPoints: { main: join(API, 'src/main.ts'), 'pdf-worker': join(API, 'src/platform/pdf/pdf-worker.ts') },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Node's own choice of a package's entry (no "module" field nor condition).
    mainFields: ['main'],
    conditions: ['node'],
    sourcemap: 'linked',
    // Every chunk sits in outDir: its own URL finds the worker's entry (platform/pdf/index.ts), as
    // the plugin below points import.meta.url at the sources.
    banner: { js: 'const __API_BUNDLE_URL__ = import.meta.url;' },
    logLevel: 'warning',
    plugins: [workspaceOnly(resolve(outDir))],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildApi(process.argv[2]);
