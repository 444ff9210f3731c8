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
  build: { outDir: here('./dist/web'), emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
});
