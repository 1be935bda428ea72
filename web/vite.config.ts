import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';

const functionsPort = Number(process.env.FUNCTIONS_PORT ?? 5001);

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@contracts': fileURLToPath(new URL('../functions/src/contracts', import.meta.url)),
    },
  },
  build: {
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': {
        target: `http://127.0.0.1:${functionsPort}`,
        rewrite: (p) => `/demo-bookstore/asia-east1/api${p}`,
      },
    },
  },
});
