import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginConsolePreload } from './scripts/build/console-preload';
import { pluginPrecompress } from './scripts/build/precompress';
import { pluginAmisA11y } from './scripts/build/amis-a11y';
import { pluginScanEarlyBill } from './scripts/build/scan-early-bill';

// amis, amis-ui and amis-core each carry a copy of mobx-state-tree; amis's renderers build their
// stores on amis-core's, and an action of one copy (a mapping's `source` load) fails in the other
// ("a mst flow must always have a parent context"). One copy for all three.
const amisRequire = createRequire(createRequire(import.meta.url).resolve('amis-core'));
const amisStateTree = dirname(amisRequire.resolve('mobx-state-tree/package.json'));

// The page studio's amis-editor (only in its /demo chunk) asks for mobx 4, mobx-react 6, mobx-state-tree 3
// and react-json-view in copies of its own: its stores observe amis's, so it gets amis-core's copy of each.
const amisCopy = (name: string) => dirname(amisRequire.resolve(`${name}/package.json`));
const editorAliases = Object.fromEntries(
  ['mobx', 'mobx-react', 'mobx-state-tree', 'react-json-view'].map((name) => [`${name}$`, amisCopy(name)]),
);

// `npm run dev` starts the reference API on DEV_API_PORT (see scripts/dev.ts);
// API_TARGET points the dev server at another API instead.
const apiTarget = process.env.API_TARGET || `http://localhost:${process.env.DEV_API_PORT || 8081}`;

export default defineConfig({
  plugins: [pluginReact(), pluginAmisA11y(), pluginConsolePreload(), pluginScanEarlyBill(), pluginPrecompress()],
  // scan: the public pages for drivers and collectors (scan.html, src/public/): React alone, no amis,
  // no mobx, no console chunk. BENCH=1 adds the bench's bare-amis floor (scripts/bench/bare/), never
  // part of a normal build
  source: {
    entry: {
      index: './src/main.tsx',
      scan: './src/public/main.tsx',
      ...(process.env.BENCH === '1' ? { 'bench-bare': './scripts/bench/bare/bare-main.tsx' } : {}),
    },
  },
  resolve: {
    // amis's markdown-it imports the Node built-in `punycode`; use the npm package
    alias: { punycode: 'punycode/' },
  },
  html: {
    title: '智慧停车管理平台',
    mountId: 'root',
    favicon: './public/brands/default.svg',
    // scan.html's script is inline (output.inlineScripts), where `defer` does nothing: at the end of
    // the body it runs once #root is there
    inject: ({ value, entryName }) => (entryName === 'scan' ? 'body' : value),
  },
  // DIST_DIR lets parallel builds (tests, previews) use folders of their own
  // amis-schema.json: the page studio's code view completes and checks against amis's own schema (`$schemaUrl`)
  output: {
    distPath: { root: process.env.DIST_DIR || 'dist' },
    cleanDistPath: true,
    copy: [{ from: './node_modules/amis/schema.json', to: 'amis-schema.json' }],
    // scan.html carries its own chunk's script and style (React stays a file the browser keeps): on a
    // phone's Slow 4G each request costs ~560 ms, and the bill's must fit in 1.5 s (npm run bench)
    inlineScripts: { enable: true, test: /static\/js\/scan\.[0-9a-f]+\.js$/ },
    inlineStyles: { enable: true, test: /static\/css\/scan\.[0-9a-f]+\.css$/ },
  },
  performance: {
    chunkSplit: { strategy: 'split-by-experience' },
    // `npm start` prints the total only (BUILD_SIZES=total); a plain build lists every file's size
    printFileSize: process.env.BUILD_SIZES === 'total' ? { total: true, detail: false } : true,
  },
  tools: {
    rspack: [
      {
        module: {
          rules: [
            { test: /[\\/]node_modules[\\/]amis(-ui)?[\\/]/, resolve: { alias: { 'mobx-state-tree$': amisStateTree } } },
            { test: /[\\/]node_modules[\\/]amis-(editor|editor-core|theme-editor-helper)[\\/]/, resolve: { alias: editorAliases } },
          ],
        },
      },
      // scan.html's entry is one chunk with React inside, which the page carries inline
      // (output.inlineScripts): on Slow 4G the file lib-react would cost one more round trip, ~560 ms,
      // before the bill shows. No split group takes from it; the console's chunks are as before.
      (config) => {
        const split = config.optimization?.splitChunks;
        if (!split) return;
        type Chunks = (typeof split)['chunks'];
        const notScan =
          (chunks: Chunks) =>
          (chunk: { name?: string | null; canBeInitial(): boolean }): boolean =>
            chunk.name !== 'scan' &&
            (chunks === 'async'
              ? !chunk.canBeInitial()
              : chunks === 'initial'
                ? chunk.canBeInitial()
                : chunks instanceof RegExp
                  ? chunks.test(chunk.name ?? '')
                  : typeof chunks === 'function'
                    ? chunks(chunk as never)
                    : true);
        const top = split.chunks ?? 'async';
        for (const group of Object.values(split.cacheGroups ?? {}))
          if (group && typeof group === 'object') group.chunks = notScan(group.chunks ?? top) as never;
        split.chunks = notScan(top) as never;
      },
    ],
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/pages-json': apiTarget,
      '/site-pages': apiTarget,
      '/__pages-events': apiTarget,
    },
  },
});
