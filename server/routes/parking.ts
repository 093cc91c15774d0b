import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { devices } from '../entities/devices.ts';
import { parkingAreas } from '../entities/parking-areas.ts';
import { parkingLots } from '../entities/parking-lots.ts';
import { registerResource } from '../resource/define.ts';
import { registerParkingFiles } from './parking-files.ts';
import { registerParkingLaneRoutes } from './parking-lane.ts';
import { registerParkingLotActions } from './parking-lot-actions.ts';
import { registerParkingSpaceRoutes } from './parking-space.ts';

/** Every parking infrastructure route. */
export function registerParkingRoutes(app: FastifyInstance, db: Db): void {
  registerParkingLotActions(app, db);
  registerParkingFiles(app, db);
  registerResource(app, db, parkingAreas);
  registerParkingLaneRoutes(app, db);
  registerParkingSpaceRoutes(app, db);
  registerResource(app, db, devices);
  registerResource(app, db, parkingLots);
}
