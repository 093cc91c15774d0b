import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { chargingGuns } from '../entities/charging-guns.ts';
import { chargingOrders } from '../entities/charging-orders.ts';
import { chargingPiles } from '../entities/charging-piles.ts';
import { chargingPrices } from '../entities/charging-prices.ts';
import { chargingStations } from '../entities/charging-stations.ts';
import { registerResource } from '../resource/define.ts';
import { registerChargingOrderActions } from './charging-order-actions.ts';
import { registerChargingPriceTasks } from './charging-price-tasks.ts';

/** Every charging route (充电管理). */
export function registerChargingRoutes(app: FastifyInstance, db: Db): void {
  registerResource(app, db, chargingStations);
  registerResource(app, db, chargingPiles);
  registerResource(app, db, chargingGuns);
  registerResource(app, db, chargingPrices);
  registerChargingPriceTasks(app, db);
  registerChargingOrderActions(app, db);
  registerResource(app, db, chargingOrders);
}
