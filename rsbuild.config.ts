import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

// `npm run dev` starts the reference API on DEV_API_PORT (see scripts/dev.ts);
// API_TARGET points the dev server at another API instead.
const apiTarget = process.env.API_TARGET || `http://localhost:${process.env.DEV_API_PORT || 8081}`;

export default defineConfig({
  plugins: [pluginReact()],
  source: { entry: { index: './src/main.tsx' } },
  resolve: {
    // amis's markdown-it imports the Node built-in `punycode`; use the npm package
    alias: { punycode: 'punycode/' },
  },
  html: { title: '智慧停车管理平台', mountId: 'root', favicon: './public/brands/default.svg' },
  // DIST_DIR lets parallel builds (tests, previews) use folders of their own
  output: { distPath: { root: process.env.DIST_DIR || 'dist' }, cleanDistPath: true },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
  server: {
    proxy: {
      '/api': apiTarget,
      '/pages-json': apiTarget,
      '/site-pages': apiTarget,
      '/__pages-events': apiTarget,
    },
  },
});
