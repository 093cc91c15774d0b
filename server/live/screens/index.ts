import type { LiveScreenName } from '../../../domain/live-screens.ts';
import type { ScreenDef } from '../screen.ts';
import { dataView } from './data-view.ts';
import { newDataView } from './new-data-view.ts';
import { operationView } from './operation-view.ts';

/** The screens `GET /api/live/:screen/Stream` serves, by name. */
export const LIVE_SCREENS: Record<LiveScreenName, ScreenDef> = { dataView, newDataView, operationView };
