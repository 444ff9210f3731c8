import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The Latin file of the typeface (Inter, from @fontsource-variable/inter in styles.css) is asked for with the page,
 * not once the style sheet has been read: the text is drawn in it from the start instead of swapping fonts.
 */
function preloadLatinFont(): Plugin {
  return {
    name: 'preload-latin-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const file = Object.keys(ctx.bundle ?? {}).find((f) =>
          /inter-latin-wght-normal-[\w-]+\.woff2$/.test(f),
        );
        if (!file) return [];
        const attrs = { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' };
        return [{ tag: 'link', attrs, injectTo: 'head' }];
      },
    },
  };
}

/**
 * The installable app (issue 18): Workbox precaches the shell (index.html, every route chunk, styles, fonts, icons)
 * and the translation files, so the app opens with the network off after one visit; navigations are answered with
 * the cached index.html, the API never. The manifests are files of public/ (one per language, index.html picks
 * it); the worker waits when a new version comes (registerType 'prompt') until the user accepts the reload
 * (src/web/features/offline/update-prompt.tsx).
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifest: false,
  includeAssets: [],
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}', 'locales/**/*.json'],
    // The biggest route chunks (the rich-text editor, the charts) are part of the shell too.
    maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    cleanupOutdatedCaches: true,
    // The first worker takes the open page at once (it opens offline without a reload); a later one still waits for
    // the user's "Reload", since it does not skip waiting.
    clientsClaim: true,
    // Translation files asked with a query or not precached (a namespace added later) still work offline.
    runtimeCaching: [
      {
        urlPattern: ({ url }) => url.pathname.startsWith('/locales/'),
        handler: 'StaleWhileRevalidate',
        options: { cacheName: 'locales', expiration: { maxEntries: 200 } },
      },
    ],
  },
});

export default defineConfig({
  root: here('./src/web'),
  publicDir: here('./public'),
  plugins: [react(), tailwindcss(), preloadLatinFont(), pwa],
  resolve: {
    alias: { '@shared': here('./src/shared'), '@server': here('./src/server'), '@web': here('./src/web') },
  },
  build: {
    outDir: here('./dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    // Shared modules under 8 KB (an icon, a small helper) are copied into the chunks that use them instead of
    // becoming chunks of their own: the dashboard's first load asked for about 60 files, six at a time over
    // HTTP/1.1, and waited on that queue more than on the bytes.
    rolldownOptions: {
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 8_000 } } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
});
