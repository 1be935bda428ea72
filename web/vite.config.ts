import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const functionsPort = Number(process.env.FUNCTIONS_PORT ?? 5001);
// Moves with the emulators' offset (scripts/lib/firebase-env.mjs), so dev stacks run side by side.
const devPort = 5173 + Number(process.env.EMULATOR_PORT_OFFSET || 0);

// react-router's package exports name only its development build (every warning and its text, 0.47 KiB
// brotli on every page), whatever the mode: its own issues #12532 and #14753. A build takes the
// production one, which the package ships beside it; the dev server keeps the warnings.
const routerDist = (file: string) => path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production', file);
const ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: routerDist('index.mjs') },
  { find: /^react-router\/dom$/, replacement: routerDist('dom-export.mjs') },
];

// The files the app's entry imports statically (itself included): loaded, with the entry, before any of
// its dynamic imports can run, so no dynamic import needs to name them among the files to preload beside
// it. Vite's list (`__vite__mapDeps`, in the entry) named the libraries, app-core and the runtime chunk in
// every page's import: 0.2 KiB brotli of every page's first JS. Read from the bundle before Vite writes
// the lists (generateBundle, first), used by build.modulePreload.resolveDependencies below.
const entryFiles = new Set<string>();
const entryFilesPlugin: Plugin = {
  name: 'bookstore:entry-files',
  apply: 'build',
  generateBundle: {
    order: 'pre',
    handler(_, bundle) {
      entryFiles.clear();
      const visit = (file: string) => {
        const chunk = bundle[file];
        if (entryFiles.has(file) || chunk?.type !== 'chunk') return;
        entryFiles.add(file);
        chunk.imports.forEach(visit);
      };
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry && chunk.name === 'index') visit(chunk.fileName);
    },
  },
};

// Two builds (web/package.json): the browser's (into dist, or WEB_OUT_DIR) and, with --ssr, the `ssr`
// function's renderer (src/entry-server.tsx) into functions/ssr/, one self-contained ES module tree so
// the functions workspace needs no React of its own. scripts/finish-web-build.mjs then moves the page
// template there too.
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [entryFilesPlugin])],
  resolve: {
    alias: [
      ...(command === 'build' ? ROUTER_PRODUCTION : []),
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: '@contracts', replacement: fileURLToPath(new URL('../functions/src/contracts', import.meta.url)) },
      // The order's questions (paid? refundable?) are the server's domain's, asked the same way here.
      { find: '@domain', replacement: fileURLToPath(new URL('../functions/src/domain', import.meta.url)) },
    ],
  },
  ssr: { noExternal: true, target: 'node' },
  // The renderer always runs React's production build: left to the runtime, react and react-dom pick
  // their build from NODE_ENV, which the Functions emulator (and any host that leaves it unset) does
  // not set, and the development build renders twice as slowly and writes a failing part's message
  // and stack, with the server's paths, into the HTML (issue 24;
  // npm run deploy:check verifies it).
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild
    ? {
        outDir: fileURLToPath(new URL('../functions/ssr', import.meta.url)),
        emptyOutDir: true,
        target: 'node20',
        sourcemap: false,
        minify: true,
        rollupOptions: { output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' } },
      }
    : {
        outDir: process.env.WEB_OUT_DIR ?? 'dist',
        emptyOutDir: true,
        manifest: true,
        rolldownOptions: {
          // index.html: the app (and the shell's entry); src/boot.ts: what a rendered page loads (see there).
          input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), boot: fileURLToPath(new URL('./src/boot.ts', import.meta.url)) },
          // The libraries every page needs, each its own chunk, so the boot script can evaluate them one
          // task at a time before the app: no single long task on a slow phone (web/src/boot.ts).
          output: {
            codeSplitting: {
              groups: [
                { name: 'vendor-react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 3 },
                { name: 'vendor-router', test: /[\\/]node_modules[\\/]react-router[\\/]/, priority: 2 },
                { name: 'vendor-query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 1 },
                // The app's small modules every storefront page loads (the API client and session, the
                // query definitions, the cover picture): one chunk rather than six of a few hundred bytes,
                // each with its own imports and compression overhead (0.8 KiB brotli less on /).
                // (The boot script imports nothing: web/src/boot.ts.)
                { name: 'app-core', test: /[\\/]web[\\/]src[\\/](lib[\\/](api-client|session|base64url|owner|use-document-title|book-image|data[\\/](queries|api-source))|components[\\/]book-picture|config[\\/]env)\.tsx?$|[\\/]contracts[\\/]error-keys\.ts$/, priority: 0 },
              ],
            },
          },
        },
        target: 'es2022',
        // Every browser of the es2022 target but Safari before 17 and Firefox before 115 has modulepreload;
        // those few fetch a chunk's imports after it instead of beside it. Vite's polyfill was 0.14 KiB
        // brotli of every page's entry.
        modulePreload: {
          polyfill: false,
          // A dynamic import's files less those the entry has loaded already (entryFilesPlugin above); the
          // shell's own <link rel=modulepreload> tags (hostType html) are the entry's imports, kept whole.
          resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? deps.filter((dep) => !entryFiles.has(dep)) : deps),
        },
        sourcemap: false,
      },
  server: {
    host: '127.0.0.1',
    port: devPort,
    strictPort: true,
    proxy: {
      '/api': {
        target: `http://127.0.0.1:${functionsPort}`,
        rewrite: (p) => `/demo-bookstore/asia-east1/api${p}`,
      },
    },
  },
}));
