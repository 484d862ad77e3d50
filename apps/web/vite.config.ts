import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { firstScreenChunks } from './chunk-groups.ts';

// The API (Fastify + tRPC) runs on :3000 and, in production, serves dist/ itself.
const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:3000';
// /checkout-simulator: the embedded payment provider's checkout page (no Stripe keys).
const proxied = ['/api', '/trpc', '/dev', '/healthz', '/checkout-simulator'];

/**
 * react-router exports only its development build (remix-run/react-router#12437, #14102): the build
 * takes its production twin, the same code without the development warnings.
 */
function reactRouterProduction(): Plugin {
  return {
    name: 'react-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && source !== 'react-router/dom') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, id: resolved.id.replace('/dist/development/', '/dist/production/') };
    },
  };
}

/**
 * The customer's landing page is a second page (landing.html, Preact): in development its links
 * /landing-page/{id} get that page, as the API's not-found handler does in production.
 */
function landingPageInDev(): Plugin {
  return {
    name: 'landing-page-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url?.startsWith('/landing-page/')) req.url = '/landing.html';
        next();
      });
    },
  };
}

/**
 * A .br and a .gz twin of every text file of the build, which the API serves to browsers that
 * accept brotli or gzip (@fastify/static preCompressed): a quarter to a third of the bytes on a
 * phone's network, no work per request.
 */
function compressedTwins(): Plugin {
  return {
    name: 'compressed-twins',
    apply: 'build',
    // Once written: Vite rewrites the chunks (its preload markers) up to the end of generateBundle.
    writeBundle(options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        if (source.length < 1024) continue;
        const path = join(options.dir ?? 'dist', file.fileName);
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(`${path}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

// A signed-in list screen loads 16 script files rather than ~100 (chunk-groups.ts).
const chunks = firstScreenChunks();

export default defineConfig({
  // src/landing is Preact (its own JSX import source): no React Fast Refresh there.
  plugins: [
    react({ exclude: [/\/node_modules\//, /\/src\/landing\//] }),
    reactRouterProduction(),
    landingPageInDev(),
    compressedTwins(),
    chunks.plugin,
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        landing: fileURLToPath(new URL('./landing.html', import.meta.url)),
      },
      output: { codeSplitting: chunks.codeSplitting },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_ORIGIN, changeOrigin: true }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_ORIGIN, changeOrigin: true }])),
  },
});
