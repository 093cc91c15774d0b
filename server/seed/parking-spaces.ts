import type { Db } from '../db/database.ts';
import { randomPlate, seededRandom } from '../services/parking-plates.ts';

/**
 * One space row per configured space of every lot (≈6,000): long-rental spaces first, then charging,
 * with some visitor and accessible ones; about half occupied, with the plate of the car on it.
 */
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高';
const GIVEN = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '勇', '杰', '婷', '强', '军', '丽', '涛', '明', '超', '霞', '平', '刚', '慧'];

export async function seedParkingSpaces(tx: Db): Promise<void> {
  const rnd = seededRandom(7);
  const { rows: lots } = await tx.query<{
    id: string;
    parking_code: string;
    road_type: number;
    parking_kind: number | null;
    total_spaces: number;
    rental_spaces: number;
    charging_spaces: number;
  }>('select id, parking_code, road_type, parking_kind, total_spaces, rental_spaces, charging_spaces from parking order by parking_code');
  const rows: unknown[][] = [];
  for (const lot of lots) {
    const underground = lot.parking_kind === 2;
    const half = Math.ceil(lot.total_spaces / 2);
    for (let n = 1; n <= lot.total_spaces; n++) {
      const floor = underground ? (n <= half ? 'B1' : 'B2') : '';
      const area = floor ? `a-${lot.id}-${floor.toLowerCase()}` : `a-${lot.id}`;
      const spaceNo = floor ? `${floor}-${String(floor === 'B1' ? n : n - half).padStart(4, '0')}` : `P${String(n).padStart(4, '0')}`;
      const sensor = lot.road_type === 1 ? `GS${lot.parking_code.replace(/-/g, '')}${String(n).padStart(3, '0')}` : '';
      const type = n <= lot.rental_spaces ? 3 : n <= lot.rental_spaces + lot.charging_spaces ? 5 : n % 97 === 0 ? 6 : n % 53 === 0 ? 4 : 1;
      const r = rnd();
      let status = r < 0.55 ? 1 : r < 0.57 ? 2 : r < 0.58 ? 3 : 0;
      if (type === 3 && status > 1) status = 0;
      const plate = status === 1 ? randomPlate(rnd) : { plateNo: '', plateColor: null };
      let holder: unknown[] = ['', '', null, null];
      if (type === 3) {
        const name =
          SURNAMES[Math.floor(rnd() * SURNAMES.length)] +
          GIVEN[Math.floor(rnd() * GIVEN.length)] +
          (rnd() < 0.5 ? GIVEN[Math.floor(rnd() * GIVEN.length)] : '');
        const month = 1 + Math.floor(rnd() * 11);
        const start = `2026-${String(month).padStart(2, '0')}-01`;
        const end = `2027-${String(month).padStart(2, '0')}-01`;
        holder = [name, `13${Math.floor(rnd() * 10)}${String(Math.floor(rnd() * 1e8)).padStart(8, '0')}`, start, end];
      }
      rows.push([
        `s-${lot.parking_code.toLowerCase()}-${n}`,
        lot.id,
        area,
        spaceNo,
        sensor,
        type,
        status,
        plate.plateNo,
        plate.plateColor,
        ...holder,
      ]);
    }
  }
  // one statement of column arrays: far quicker in Db than thousands of bound tuples
  const col = (i: number) => rows.map((r) => r[i]);
  await tx.query(
    `insert into parking_space (id, parking_id, area_id, space_no, sensor_no, space_type, status, plate_no, plate_color, holder_name, holder_phone, rental_start, rental_end)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::smallint[], $7::smallint[], $8::text[], $9::smallint[], $10::text[], $11::text[], $12::date[], $13::date[])`,
    Array.from({ length: 13 }, (_, i) => col(i)),
  );
}
