import { createHash } from 'node:crypto';
import type { RsbuildPlugin } from '@rsbuild/core';
import { TOKEN_COOKIE } from '../../domain/auth-cookie-name';
import { PUBLIC_PATHS } from '../../domain/pages/host-routes';

/**
 * A signed-in start needs the page loader, amis and the console's chunk, but only learns so once the
 * first chunk has run (src/main.tsx), some 200 ms into the load. This plugin writes their files (in
 * that order: the page file's fragments wait for the loader, the list for amis) into a small script
 * that index.html loads beside its own: it asks for them while the first chunk is still on its way,
 * when the token cookie is there and the address is not a public page (the sign-in page is one).
 * Without a token nothing more is fetched. A file, not inline code: the server's
 * Content-Security-Policy allows no inline script. The chunks are found by name (`webpackChunkName`).
 */
export const PRELOADED_CHUNKS = ['page-loader', 'amis', 'console'];

/** `skip`: where the console's chunks are not wanted at once, the public pages (sign-in, scan pages: no amis). */
export function preloadScript(files: string[], skip: readonly string[] = PUBLIC_PATHS): string {
  const list = JSON.stringify(files);
  const token = JSON.stringify(`; ${TOKEN_COOKIE}=`);
  return `(function(){if(('; '+document.cookie).indexOf(${token})<0||${JSON.stringify(skip)}.indexOf(location.hash.replace(/^#/,'').split('?')[0])>=0)return;${list}.forEach(function(f){var l=document.createElement('link');l.rel='preload';l.as=/\\.css$/.test(f)?'style':'script';l.href=f;document.head.appendChild(l)})})();\n`;
}

export function pluginConsolePreload(): RsbuildPlugin {
  return {
    name: 'console-preload',
    setup(api) {
      api.modifyHTMLTags(({ headTags, bodyTags }, { compilation, compiler, assetPrefix, filename }) => {
        if (filename !== 'index.html') return { headTags, bodyTags };
        const prefix = assetPrefix.replace(/\/?$/, '/');
        const files = PRELOADED_CHUNKS.flatMap((name) => {
          const group = compilation.namedChunkGroups.get(name);
          if (!group) throw new Error(`console-preload: no chunk named "${name}" (was a webpackChunkName renamed?)`);
          return group.getFiles().filter((f) => /\.(js|css)$/.test(f));
        });
        const code = preloadScript([...new Set(files)].map((f) => prefix + f));
        const file = `static/js/console-preload.${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
        compilation.emitAsset(file, new compiler.webpack.sources.RawSource(code));
        // async: it holds nothing back, and it is small enough to run before the page's own scripts
        headTags.push({ tag: 'script', attrs: { async: true, src: prefix + file } });
        return { headTags, bodyTags };
      });
    },
  };
}
