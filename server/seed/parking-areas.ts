import type { Db } from '../db/database.ts';

/**
 * Area tree from the seeded lots: district → street → lot (off-street) or road segment (on-street);
 * underground lots get floor zones (B1, B2) inside them.
 */
export async function seedParkingAreas(tx: Db): Promise<void> {
  const { rows } = await tx.query<{
    id: string;
    parking_code: string;
    parking_name: string;
    road_type: number;
    parking_kind: number | null;
    region_code: string;
    region_name: string;
    street: string;
  }>('select id, parking_code, parking_name, road_type, parking_kind, region_code, region_name, street from parking order by parking_code');
  const seen = new Set<string>();
  const insert = async (
    id: string,
    parent: string | null,
    name: string,
    code: string,
    level: number,
    parkingId: string | null,
    region: string,
    sort: number,
  ): Promise<void> => {
    if (seen.has(id)) return;
    seen.add(id);
    await tx.query(
      `insert into parking_area (id, parent_id, area_name, area_code, level, parking_id, region_code, sort_code)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, parent, name, code, level, parkingId, region, sort],
    );
  };
  for (const [i, lot] of rows.entries()) {
    const district = `a-${lot.region_code}`;
    await insert(district, null, lot.region_name, lot.region_code, 1, null, lot.region_code, 0);
    const streetCode = `${lot.region_code}-${lot.parking_code.split('-')[1]}`;
    const street = `a-${lot.region_code}-${lot.street}`;
    await insert(street, district, lot.street, `${lot.region_code}-S${i}`, 2, null, lot.region_code, i);
    const lotArea = `a-${lot.id}`;
    await insert(lotArea, street, lot.parking_name, streetCode, lot.road_type === 1 ? 3 : 4, lot.id, lot.region_code, i);
    if (lot.parking_kind === 2) {
      for (const floor of ['B1', 'B2']) {
        await insert(
          `${lotArea}-${floor.toLowerCase()}`,
          lotArea,
          `${floor}层`,
          `${lot.parking_code}-${floor}`,
          5,
          lot.id,
          lot.region_code,
          floor === 'B1' ? 1 : 2,
        );
      }
    }
  }
}
