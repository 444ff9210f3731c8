import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('./src/web'),
  publicDir: here('./public'),
  plugins: [react(), tailwindcss()],
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
