import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.SHOP_DEV_SERVER ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  // The manifest maps each chunk to its source modules: the storefront-weight benchmark reads it to prove no
  // admin code loads on public pages (it stays in dist/.vite/, which the server never serves).
  build: {
    outDir: 'dist',
    sourcemap: false,
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 400,
    manifest: true,
  },
  server: {
    proxy: Object.fromEntries(
      ['/trpc', '/api', '/media', '/oidc', '/Exports', '/health'].map((p) => [p, server]),
    ),
  },
});
