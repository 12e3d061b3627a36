import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.SHOP_DEV_SERVER ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false, assetsInlineLimit: 0, chunkSizeWarningLimit: 400 },
  server: {
    proxy: Object.fromEntries(
      ['/trpc', '/api', '/media', '/oidc', '/Exports', '/health'].map((p) => [p, server]),
    ),
  },
});
