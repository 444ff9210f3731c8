import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
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

export default defineConfig({
  root: here('./src/web'),
  publicDir: here('./public'),
  plugins: [react(), tailwindcss(), preloadLatinFont()],
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
