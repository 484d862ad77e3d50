import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API (Fastify + tRPC) runs on :3000 and, in production, serves dist/ itself.
const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:3000';
// /checkout-simulator: the embedded payment provider's checkout page (no Stripe keys).
const proxied = ['/api', '/trpc', '/dev', '/healthz', '/checkout-simulator'];

export default defineConfig({
  plugins: [react()],
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
