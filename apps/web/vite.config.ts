import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Vendor chunks: the libraries every page needs (React, router, MUI styling, query, i18n, forms) are
 * split into long-cached chunks; MUI components and feature code are split by route by React.lazy, so
 * the sign-in route downloads only what it renders (see README: budget 250 KB gzip for /login).
 */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|cookie)\//.test(id)) return 'vendor-react';
  if (
    /node_modules\/(@emotion|@mui\/(system|styled-engine|utils|private-theming|core-downloads-tracker)|stylis|hoist-non-react-statics|@babel\/runtime|clsx|react-is|prop-types|react-transition-group|dom-helpers)\//.test(
      id,
    )
  )
    return 'vendor-mui-core';
  if (/node_modules\/(@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|notistack|goober)\//.test(id))
    return 'vendor-app';
  if (/node_modules\/(zod|react-hook-form|@hookform|@standard-schema)\//.test(id)) return 'vendor-forms';
  return undefined;
}

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: { manualChunks: vendorChunk },
      // @edc/domain only defines things (no side effects at import): let Rollup drop its modules that a
      // chunk does not use, so the sign-in bundle does not grow with every schema the domain gains.
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/domain/') },
    },
  },
});
