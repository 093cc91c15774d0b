import { createHash } from 'node:crypto';
import type { RsbuildPlugin } from '@rsbuild/core';
import { TOKEN_COOKIE } from '../../domain/auth-cookie-name';
import { PUBLIC_PATHS, SCAN_PATHS } from '../../domain/pages/host-routes';

/**
 * A signed-in start needs the page loader, amis and the console's chunk, but only learns so once the
 * first chunk has run (src/main.tsx), some 200 ms into the load. This plugin writes their files into
 * a small script that index.html loads beside its own: it asks for them while the first chunk is
 * still on its way, when the token cookie is there and the address is not a public page (the
 * sign-in page is one).
 * Without a token nothing more is fetched. A file, not inline code: the server's
 * Content-Security-Policy allows no inline script. The chunks are found by name (`webpackChunkName`).
 */
export const PRELOADED_CHUNKS = ['page-loader', 'amis', 'console'];

/**
 * Files asked for at a time: the rest wait for one to arrive, so the start's own small calls (the
 * runtime config, CurrentUser, the page file) still find one of the browser's six connections to
 * the server free instead of queueing behind a dozen chunks. Largest first: amis's script and style
 * take longest. A file the page asked for itself meanwhile is not asked for again (a preload that
 * comes after the page's own request is never used, and the browser warns).
 */
const PRELOADS_AT_ONCE = 4;

/**
 * `skip`: where the console's chunks are not wanted at once, the public pages (sign-in, scan pages: no amis).
 * `scan`: the pages of scan.html (src/public/): its first statement hands such an address (an older
 * printed lane code opens `<origin>/#/scanQRcode?…`) over to scan.html, before anything else loads;
 * src/main.tsx checks again, should the main chunk run first.
 */
export function preloadScript(files: string[], skip: readonly string[] = PUBLIC_PATHS, scan: readonly string[] = SCAN_PATHS): string {
  const token = JSON.stringify(`; ${TOKEN_COOKIE}=`);
  return `(function(){var p=location.hash.replace(/^#/,'').split('?')[0];if(${JSON.stringify(scan)}.indexOf(p)>=0){location.replace('scan.html'+location.hash);return}if(('; '+document.cookie).indexOf(${token})<0||${JSON.stringify(skip)}.indexOf(p)>=0)return;var f=${JSON.stringify(files)};var n=0;function next(){while(n<${PRELOADS_AT_ONCE}&&f.length){var u=f.shift();if(document.querySelector('script[src="'+u+'"],link[href="'+u+'"]'))continue;var l=document.createElement('link');l.rel='preload';l.as=/\\.css$/.test(u)?'style':'script';l.href=u;n++;l.onload=l.onerror=function(){n--;next()};document.head.appendChild(l)}}next()})();\n`;
}

export function pluginConsolePreload(): RsbuildPlugin {
  return {
    name: 'console-preload',
    setup(api) {
      api.modifyHTMLTags(({ headTags, bodyTags }, { compilation, compiler, assetPrefix, filename }) => {
        if (filename !== 'index.html') return { headTags, bodyTags };
        const prefix = assetPrefix.replace(/\/?$/, '/');
        const filesOf = (name: string) => {
          const group = compilation.namedChunkGroups.get(name);
          if (!group) throw new Error(`console-preload: no chunk named "${name}" (was a webpackChunkName renamed?)`);
          return group.getFiles().filter((f) => /\.(js|css)$/.test(f));
        };
        const bySize = (a: string, b: string) =>
          (compilation.getAsset(b)?.source.size() ?? 0) - (compilation.getAsset(a)?.source.size() ?? 0);
        const files = [...new Set(PRELOADED_CHUNKS.flatMap(filesOf))].sort(bySize);
        const code = preloadScript(files.map((f) => prefix + f));
        const file = `static/js/console-preload.${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
        compilation.emitAsset(file, new compiler.webpack.sources.RawSource(code));
        // async: it holds nothing back, and it is small enough to run before the page's own scripts
        headTags.push({ tag: 'script', attrs: { async: true, src: prefix + file } });
        return { headTags, bodyTags };
      });
    },
  };
}
