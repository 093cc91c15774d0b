import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { parkingLots } from '../entities/parking-lots.ts';
import { registerResource } from '../resource/define.ts';
import { registerParkingAreaRoutes } from './parking-area.ts';
import { registerParkingDeviceRoutes } from './parking-device.ts';
import { registerParkingFiles } from './parking-files.ts';
import { registerParkingLaneRoutes } from './parking-lane.ts';
import { registerParkingLotActions } from './parking-lot-actions.ts';
import { registerParkingSpaceRoutes } from './parking-space.ts';

/** Every parking infrastructure route. */
export function registerParkingRoutes(app: FastifyInstance, db: Db): void {
  registerParkingLotActions(app, db);
  registerParkingFiles(app, db);
  registerParkingAreaRoutes(app, db);
  registerParkingLaneRoutes(app, db);
  registerParkingSpaceRoutes(app, db);
  registerParkingDeviceRoutes(app, db);
  registerResource(app, db, parkingLots);
}
