import { makeAutoObservable } from 'mobx';

/** At most this long after the shell mounts, its chrome is drawn whether or not the screen is. */
export const CHROME_WAIT_MS = 800;

/**
 * On a signed-in start the shell's chrome (menu, top bar, tabs, settings) is drawn just after the
 * first JSON screen, not before it: the screen's own work (amis building the page, its list call) goes
 * first, and the chrome draws while that call is out. Its place is kept, so nothing moves when it
 * comes. Opened once for the session; every later navigation finds it open.
 */
class ChromeGate {
  open = false;

  constructor() {
    makeAutoObservable(this);
  }

  show() {
    this.open = true;
  }
}

export const chromeGate = new ChromeGate();
