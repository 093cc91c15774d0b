import type { Db } from '../db/database.ts';

/**
 * A big screen as the server pushes it: named panels, each computed from the figure definitions
 * (server/figures/) for the viewer's lots, each naming the tables whose writes change it.
 */

export interface LiveScope {
  /** the lots the viewer is limited to; null = every lot */
  lots: string[] | null;
}

export interface Panel {
  /** tables (as migration 025 announces them) whose writes change the panel */
  tables: readonly string[];
  compute(db: Db, scope: LiveScope, now: number): Promise<unknown>;
}

export interface ScreenDef {
  /** the console's path (domain/pages/host-routes.ts); its menus grant the stream */
  path: string;
  panels: Record<string, Panel>;
}

/** What one push carries: the data time, the demo flag and the panels that changed (all of them first). */
export interface LiveUpdate {
  at: number;
  demo: boolean;
  panels: Record<string, unknown>;
}
