import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The storefront's pages as the server writes them (src/serverPage.tsx), built for Node beside the browser's
 * build: every library bundled in, so the release needs nothing more, and no public files (the browser's build
 * has them).
 */
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  build: { ssr: 'src/serverPage.tsx', outDir: 'dist-server', emptyOutDir: true, sourcemap: false },
  ssr: { noExternal: true },
});
