import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), reactRouterProduction()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_ORIGIN, changeOrigin: true }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_ORIGIN, changeOrigin: true }])),
  },
});
