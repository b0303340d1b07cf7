import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The build runs from the repository root (`bun run build` → `vite build --config client/vite.config.ts`), so
 * every path is anchored on this file's directory instead of the working directory.
 */
const clientDir = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

const BRAND_COLOR = '#4f46e5';
const BACKGROUND_COLOR = '#f8fafc';

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every text file of the build, which
 * server/src/http/static-client.ts sends by Accept-Encoding. A dozen lines on Bun's built-in zlib instead of a
 * plugin dependency (vite-plugin-compression and friends wrap the same calls and lag Vite majors). Runs last
 * (`order: 'post'`, sequential) so sw.js and the manifest that vite-plugin-pwa writes on close are included; the
 * copies are not precached (the worker's glob is *.{js,css,html}), the browser decodes whichever copy it gets.
 */
function precompress(outDir: string): Plugin {
  const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'canalize:precompress',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await readdir(outDir, { recursive: true })).filter((name) => TEXT.test(name));
        await Promise.all(
          files.map(async (name) => {
            const file = path.join(outDir, name);
            const body = await readFile(file);
            const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length };
            await writeFile(`${file}.br`, await brotli(body, { params }));
            await writeFile(`${file}.gz`, await gzipped(body, { level: 9 }));
          }),
        );
      },
    },
  };
}

export default defineConfig({
  root: clientDir,
  publicDir: path.join(clientDir, 'public'),
  resolve: { alias: { '@shared': path.join(clientDir, '../shared') } },
  build: {
    outDir: path.join(clientDir, 'dist'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every page runs before its first render (React, the router, the query cache) in one file:
          // one request instead of five on a first visit, and a file that outlives most deploys in the cache.
          // zod has its own chunk, loaded by the screens that parse (the login form on its first edit, a signed-in
          // visit before its first render): /login's first download carries none of it. Its jitless
          // switch needs no zod (src/lib/zod-without-eval.ts). Dexie, React Flow, sonner and the icons stay in the
          // chunks of the screens that use them.
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](router-core|react-router|history|store|query-core))[\\/]/,
              priority: 2,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
          ],
        },
      },
    },
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
        // A stable identity: the installed app stays the same app if start_url ever changes.
        id: '/',
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
        // Chrome's richer install sheet: real screens, regenerated by `bun run screenshots`.
        screenshots: [
          { src: '/screenshots/phone-dashboard.png', sizes: '390x844', type: 'image/png', form_factor: 'narrow', label: 'Painel no celular' },
          { src: '/screenshots/phone-chat.png', sizes: '390x844', type: 'image/png', form_factor: 'narrow', label: 'Conversas no celular' },
          { src: '/screenshots/laptop-flow-editor.png', sizes: '1366x800', type: 'image/png', form_factor: 'wide', label: 'Editor de fluxos' },
          { src: '/screenshots/laptop-dashboard.png', sizes: '1366x800', type: 'image/png', form_factor: 'wide', label: 'Painel' },
        ],
        shortcuts: [
          { name: 'Chat', short_name: 'Chat', url: '/chat', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'Fluxos', short_name: 'Fluxos', url: '/flows', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'Disparos', short_name: 'Disparos', url: '/broadcasts', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
        ],
      },
      injectManifest: {
        // Only the app shell; icons and the manifest are fetched by the browser itself (adding them duplicates entries).
        globPatterns: ['**/*.{js,css,html}'],
      },
      devOptions: { enabled: false },
    }),
    precompress(path.join(clientDir, 'dist')),
  ],
});
