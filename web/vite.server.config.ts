import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server bundle (issue 22): `src/ssr/entry-server.tsx` and everything it imports, in one script (an IIFE that
 * sets `globalThis.vitrinaRender`) that the `vitrina` binary compiles once to QuickJS bytecode, as a module and so in
 * strict mode, and runs in each render runtime (`server/src/web/render/engine.rs`, issue 39). `npm run build` writes
 * it to `dist-server/entry-server.js` after the browser's build; the binary embeds it as it embeds `dist/`.
 *
 * - Every dependency is bundled (`ssr.noExternal`): QuickJS has no module loader and no `node_modules`.
 * - One file (`codeSplitting: false`): the lazy route modules are inlined and load when the render asks for them.
 * - `react-dom/server` is React's "legacy" browser renderer alone: `renderToString` is all a render uses, and the
 *   streaming renderer beside it needs `TextEncoder` and `MessageChannel` as soon as it loads.
 * - CSS modules give the same class names as the browser's build (same plugin, same files); no CSS is written.
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      {
        find: /^react-dom\/server$/,
        replacement: fileURLToPath(
          new URL('./node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js', import.meta.url),
        ),
      },
    ],
  },
  // React's builds pick production by `process.env.NODE_ENV`; some packages reach the global object as Node's `global`.
  define: { 'process.env.NODE_ENV': JSON.stringify('production'), global: 'globalThis' },
  // The browser's build copies public/; the server bundle needs none of it.
  publicDir: false,
  ssr: { noExternal: true, target: 'webworker' },
  build: {
    ssr: 'src/ssr/entry-server.tsx',
    outDir: 'dist-server',
    emptyOutDir: true,
    sourcemap: false,
    minify: true,
    rolldownOptions: {
      output: { format: 'iife', codeSplitting: false, entryFileNames: 'entry-server.js' },
    },
  },
});
