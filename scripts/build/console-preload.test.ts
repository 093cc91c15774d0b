import { describe, expect, it } from 'vitest';
import { preloadScript } from './console-preload';

const FILES = ['/static/js/async/console.1.js', '/static/css/async/console.2.css'];

interface Link {
  rel: string;
  as: string;
  href: string;
  onload?: () => void;
}

/** Runs the script a build writes, in a page with `cookie` at `hash`; answers every link it added (`links`, to load them). */
function start(cookie: string, hash: string, files = FILES, requested: string[] = [], replaced: string[] = []) {
  const links: Link[] = [];
  const document = {
    cookie,
    createElement: () => ({ rel: '', as: '', href: '' }),
    head: { appendChild: (link: Link) => links.push(link) },
    // the page's own script and stylesheet elements
    querySelector: (selector: string) => (requested.some((url) => selector.includes(`"${url}"`)) ? {} : null),
  };
  new Function('document', 'location', preloadScript(files))(document, { hash, replace: (url: string) => replaced.push(url) });
  return links;
}

function run(cookie: string, hash: string): { rel: string; as: string; href: string }[] {
  const links = start(cookie, hash);
  // every file arrives, so the script asks for all of them
  for (let i = 0; i < links.length; i++) links[i].onload?.();
  return links.map(({ rel, as, href }) => ({ rel, as, href }));
}

describe('the start-up script that asks for the console early', () => {
  it("with a token, asks for the console's scripts and stylesheets", () => {
    expect(run('lang=zh; parking_token=abc', '#/parking/parkingAdmin')).toEqual([
      { rel: 'preload', as: 'script', href: FILES[0] },
      { rel: 'preload', as: 'style', href: FILES[1] },
    ]);
  });

  it('does not ask again for a file the page has asked for itself (a late preload is never used)', () => {
    const files = ['a', 'b', 'c', 'd', 'e'].map((name) => `/static/js/async/${name}.js`);
    const links = start('parking_token=abc', '#/parking/parkingAdmin', files, [files[1], files[4]]);
    expect(links.map((link) => link.href)).toEqual([files[0], files[2], files[3]]);
  });

  it('asks for four files at a time, the next as one arrives', () => {
    const files = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => `/static/js/async/${name}.js`);
    const links = start('parking_token=abc', '#/parking/parkingAdmin', files);
    expect(links.map((link) => link.href)).toEqual(files.slice(0, 4));
    links[1].onload?.();
    expect(links.map((link) => link.href)).toEqual(files.slice(0, 5));
    links[0].onload?.();
    links[2].onload?.();
    expect(links.map((link) => link.href)).toEqual(files);
  });

  it('without a token (the sign-in page) asks for nothing', () => {
    expect(run('lang=zh; other_token=abc', '#/parking/parkingAdmin')).toEqual([]);
  });

  it('hands a scan page over to scan.html first, query and all, and asks for nothing', () => {
    for (const [cookie, hash] of [
      ['parking_token=abc', '#/scanQRcode?parkingId=p1&laneId=l1'],
      ['', '#/scanQRcode?parkingId=p1&laneId=l1'],
      ['', '#/orderInfoByQRcode?token=t1'],
      ['', '#/payResult?outTradeNo=P1'],
      ['parking_token=abc', '#/pdaScanQrcode'],
      ['', '#/scanGroupCardQrcode?cardNo=G1'],
      ['', '#/groupCardInfo?cardNo=G1'],
      // the regional statistics are scan.html's too: public and light
      ['parking_token=abc', '#/activity'],
    ]) {
      const replaced: string[] = [];
      expect(start(cookie, hash, FILES, [], replaced)).toEqual([]);
      expect(replaced).toEqual([`scan.html${hash}`]);
    }
  });

  it("leaves the console's own pages where they are, public or not", () => {
    for (const hash of ['#/login', '#/404', '#/parking/parkingAdmin', '#/scanQRcodeX', '']) {
      const replaced: string[] = [];
      start('parking_token=abc', hash, FILES, [], replaced);
      expect(replaced).toEqual([]);
    }
  });

  it('on the regional statistics page (public, scan.html) asks for nothing', () => {
    expect(run('parking_token=abc', '#/activity')).toEqual([]);
  });

  it('on the sign-in page itself asks for nothing, token or not', () => {
    expect(run('parking_token=abc', '#/login')).toEqual([]);
    expect(run('parking_token=abc', '#/login?redirect=%2Fsystem%2Fuser')).toEqual([]);
  });
});
