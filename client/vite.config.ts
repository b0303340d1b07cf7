import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The build runs from the repository root (`bun run build` → `vite build --config client/vite.config.ts`), so
 * every path is anchored on this file's directory instead of the working directory.
 */
const clientDir = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

const BRAND_COLOR = '#4f46e5';
const BACKGROUND_COLOR = '#f8fafc';

export default defineConfig({
  root: clientDir,
  publicDir: path.join(clientDir, 'public'),
  resolve: { alias: { '@shared': path.join(clientDir, '../shared') } },
  build: {
    outDir: path.join(clientDir, 'dist'),
    emptyOutDir: true,
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: path.join(clientDir, 'src/routes'),
      generatedRouteTree: path.join(clientDir, 'src/routeTree.gen.ts'),
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: 'Canalize',
        short_name: 'Canalize',
        description: 'Gerencie seus bots e canais do Telegram de forma profissional',
        lang: 'pt-BR',
        dir: 'ltr',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        theme_color: BRAND_COLOR,
        background_color: BACKGROUND_COLOR,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // Only the app shell; icons and the manifest are fetched by the browser itself (adding them duplicates entries).
        globPatterns: ['**/*.{js,css,html}'],
      },
      devOptions: { enabled: false },
    }),
  ],
});
