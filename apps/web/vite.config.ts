import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import {
  appAfterFirstPaint,
  LIBRARIES_CHUNK,
  REACT_DOM_CLIENT_CHUNK,
  reactDomPreload,
  routePreloads,
  stylesheetAsPreload,
} from './routePreloads';
import { HOME_SLIDES } from './src/routes/Home/homeSlides';

const server = process.env.SHOP_DEV_SERVER ?? 'http://localhost:3000';

/** Modules of the storefront's product card (see codeSplitting below). */
const PRODUCT_CARD_MODULES =
  /src[\\/](components[\\/](ProductCard|PriceTable|ProductImage|useSizeClass)|cart[\\/]QuantityInput|storefront[\\/]zoneKey|domain[\\/]src[\\/](pricing|productStatus))\.tsx?$/;

export default defineConfig({
  plugins: [
    react(),
    // Route keys are the server's names for the pages it preloads (apps/server/src/indexPage.ts).
    routePreloads({
      home: { source: 'src/routes/Home/Home.tsx', images: HOME_SLIDES.slice(0, 1).map((s) => s.image) },
      products: { source: 'src/routes/Products/Products.tsx' },
      product: { source: 'src/routes/ProductPage/ProductPage.tsx' },
      order: { source: 'src/routes/OrderView/OrderView.tsx' },
      // Pages without data of their own: announcing the chunk is what lets them paint with the main script.
      treeCare: { source: 'src/routes/TreeCare/TreeCare.tsx' },
      faq: { source: 'src/routes/Faq/Faq.tsx' },
      contact: { source: 'src/routes/Contact/Contact.tsx' },
      lookup: { source: 'src/routes/OrderLookup/OrderLookup.tsx' },
      notFound: { source: 'src/routes/NotFound/NotFound.tsx' },
    }),
    stylesheetAsPreload(),
    reactDomPreload(),
    appAfterFirstPaint(),
    // The service worker (src/serviceWorker/sw.ts), built by the same bundler with the list of every file this
    // build wrote and its revision. The page registers it itself after load (src/offline/connection.ts); the
    // manifest is the server's (/manifest.webmanifest), which names the shop as it is configured.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/serviceWorker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // Every script and style, the back office's too: a staff phone that opened /Admin/Pickup must open it
        // offline after a release as well (docs/decisions.md, Offline).
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        globIgnores: ['sw.js', '.vite/**'],
        // Hashed names change with their content: no revision needed.
        dontCacheBustURLsMatching: /^assets\//,
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
    }),
  ],
  // The manifest maps each chunk to its source modules: the storefront-weight benchmark reads it to prove no
  // admin code loads on public pages (it stays in dist/.vite/, which the server never serves).
  build: {
    outDir: 'dist',
    sourcemap: false,
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 400,
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the first page needs statically in two files: split by which lazy chunks also use it, it
        // came as ten files of which six were under 3 KB, each compressed apart (about 2 KB more to send).
        // React apart from the shop's own code: it changes only when React does, so a returning customer's
        // browser keeps it across the shop's releases, and neither half is big enough to hold a connection
        // long (one 367 KB file took bare Fastify itself 12 ms at the 99th percentile under 50 connections;
        // the two halves compress to 0.2 KB more than the whole).
        codeSplitting: {
          groups: [
            // React's DOM renderer apart from React itself: the entry imports it dynamically (src/main.tsx), so
            // the browser evaluates it in a task of its own, not in the one task that evaluates the entry.
            {
              name: REACT_DOM_CLIENT_CHUNK,
              test: /node_modules[\\/](react-dom[\\/](client|cjs[\\/]react-dom-client)|scheduler)[\\/.]/,
              priority: 2,
            },
            // Before the renderer's group, which would otherwise take React in as one of its dependencies.
            {
              name: 'react',
              test: /node_modules[\\/](react[\\/]|react-dom[\\/](index|cjs[\\/]react-dom\.production)\.)/,
              priority: 3,
            },
            // The libraries the first page imports, apart from the shop's code, which the first script
            // evaluates in a task of its own before the entry (src/firstScript.ts).
            {
              name: LIBRARIES_CHUNK,
              test: /node_modules[\\/](@tanstack|@trpc)[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
            { name: 'app', tags: ['$initial'], priority: 1 },
            // The product card and what it draws with, which the list, the product page and the cart share:
            // one file instead of four small ones each compressed apart.
            { name: 'productCard', test: PRODUCT_CARD_MODULES },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      ['/trpc', '/api', '/media', '/oidc', '/Exports', '/health'].map((p) => [p, server]),
    ),
  },
});
