import type { Db } from '../db/database.ts';
import { ApiError } from '../lib/envelope.ts';

/** Lane `laneId`'s lot and direction (1 entry, 2 exit, 3 both), unlocked: whose lane a camera's sighting is; 404 when there is none. */
export async function findLane(db: Db, laneId: string): Promise<{ parkingId: string; direction: number }> {
  const lane = await db.kysely.selectFrom('parkingLane').select(['parkingId', 'direction']).where('id', '=', laneId).executeTakeFirst();
  if (!lane) throw new ApiError(404, '车道不存在');
  return { parkingId: lane.parkingId, direction: Number(lane.direction) };
}
