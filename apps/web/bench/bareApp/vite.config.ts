import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The storefront's own plugin for React and default minifier, nothing else (see main.tsx).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  logLevel: 'warn',
  build: { sourcemap: false, emptyOutDir: true },
});
