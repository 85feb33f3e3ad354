import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// Three builds (docs/design/architecture.md "Processes"): main (Node: the windows, and the core's utility process
// beside it), preload (sandboxed bridge), renderer (React).
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          // The core's utility process (src/main/core-process/core-entry.ts): the app core runs there, not in main.
          core: resolve('src/main/core-process/core-entry.ts'),
          // The signature checks' worker threads (core/parallel): the embedded node and the own nodes use
          // them; where the script does not load, they verify on the main thread instead (verify-workers.ts).
          'verify-worker': resolve('src/core/parallel/verify-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        // A sandboxed preload cannot load ES modules: emit CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    // The page's own CSP (src/renderer/index.html) forbids inline scripts; the development server's hot reload
    // injects some, so the dev server alone serves the page without it (the built page keeps it).
    plugins: [
      react(),
      {
        name: 'votary-dev-without-page-csp',
        apply: 'serve',
        transformIndexHtml: (html: string) =>
          html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/i, ''),
      },
    ],
    build: {
      outDir: 'out/renderer',
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
  },
});
