import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { settingsStore } from '../stores/settings-store';
import { layoutClasses } from './layout-classes';

/** The shell's chrome in the frame's places: the menu, the top bar, the tabs, the footer. */
export interface ShellChrome {
  sidebar: ReactNode;
  navbar: ReactNode;
  tags: ReactNode;
  footer: ReactNode;
}

interface ShellFrameProps {
  /** the chrome, or nothing yet: its places are drawn empty, at their size */
  chrome?: ShellChrome;
  /** the screen's place (`main`) */
  children: ReactNode;
  /** drawn before the menu (the skip link, the phone's drawer backdrop) */
  before?: ReactNode;
  /** drawn after the main column (the settings panel) */
  after?: ReactNode;
}

/**
 * The shell's frame: the menu, the top bar and the tabs around the screen. The first screen draws it
 * without its chrome (first-screen.tsx), the shell with it (layout.tsx), so the screen stays where it
 * is as one gives way to the other.
 */
export const ShellFrame = observer(function ShellFrame({
  chrome,
  children,
  before,
  after,
  ...rest
}: ShellFrameProps & { 'data-testid'?: string }) {
  return (
    <div className={layoutClasses()} {...rest}>
      {before}
      {chrome ? chrome.sidebar : <aside className="pc-sidebar" />}
      <div className="pc-main">
        <div className="pc-header">
          {chrome ? chrome.navbar : <header className="pc-navbar" />}
          {settingsStore.settings.tagsView ? chrome ? chrome.tags : <div className="pc-tags" /> : null}
        </div>
        {children}
        {chrome?.footer}
      </div>
      {after}
    </div>
  );
});
