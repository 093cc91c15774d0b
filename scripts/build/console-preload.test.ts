import { describe, expect, it } from 'vitest';
import { preloadScript } from './console-preload';

const FILES = ['/static/js/async/console.1.js', '/static/css/async/console.2.css'];

/** Runs the script a build writes, in a page with `cookie` at `hash`; answers the links it added. */
function run(cookie: string, hash: string): { rel: string; as: string; href: string }[] {
  const added: { rel: string; as: string; href: string }[] = [];
  const document = {
    cookie,
    createElement: () => ({ rel: '', as: '', href: '' }),
    head: { appendChild: (link: { rel: string; as: string; href: string }) => added.push({ ...link }) },
  };
  new Function('document', 'location', preloadScript(FILES))(document, { hash });
  return added;
}

describe('the start-up script that asks for the console early', () => {
  it("with a token, asks for the console's scripts and stylesheets", () => {
    expect(run('lang=zh; parking_token=abc', '#/parking/parkingAdmin')).toEqual([
      { rel: 'preload', as: 'script', href: FILES[0] },
      { rel: 'preload', as: 'style', href: FILES[1] },
    ]);
  });

  it('without a token (the sign-in page) asks for nothing', () => {
    expect(run('lang=zh; other_token=abc', '#/parking/parkingAdmin')).toEqual([]);
  });

  it('on a public (scan) page asks for nothing: it has no amis', () => {
    expect(run('parking_token=abc', '#/scanQRcode?parkingId=p1&laneId=l1')).toEqual([]);
  });

  it('on the sign-in page itself asks for nothing, token or not', () => {
    expect(run('parking_token=abc', '#/login')).toEqual([]);
    expect(run('parking_token=abc', '#/login?redirect=%2Fsystem%2Fuser')).toEqual([]);
  });
});
