import { localizeServerTexts } from '../../i18n/server-labels';

/**
 * The pushed panels in the reader's language: the server's labels (`channelLabel` 微信,
 * `stateLabel` 充电中, a lift's `reason`) go through the pages' table under en-US, as every
 * other answer does; data (lot names, plates) stays as stored. Call it while rendering an observer:
 * the table loads after the first render.
 */
export function panelsInLocale(panels: Record<string, unknown>): Record<string, unknown> {
  return localizeServerTexts({ status: 0, msg: '', data: panels }).data as Record<string, unknown>;
}
