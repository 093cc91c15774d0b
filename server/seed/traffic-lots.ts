import type { Db } from '../db/database.ts';

/** The lots as the traffic generator and the simulator see them: size, lanes, zones, spaces, collectors. */

export interface Lot {
  id: string;
  /** two digits for order numbers */
  index: string;
  onStreet: boolean;
  /** relative arrivals per day */
  weight: number;
  entryLanes: string[];
  exitLanes: string[];
  zones: string[];
  spaces: string[];
  collectors: string[];
}

export const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)];

const COLLECTORS = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '赵敏', '黄磊'];

export async function loadLots(db: Db): Promise<Lot[]> {
  const { rows } = await db.query<{
    id: string;
    type: number;
    temp_spaces: number;
    total_spaces: number;
    entry_lanes: string[];
    exit_lanes: string[];
    zones: string[];
    spaces: string[];
  }>(
    `select p.id, p.type, p.temp_spaces, p.total_spaces,
            array(select id from parking_lane l where l.parking_id = p.id and l.direction in (1, 3) and l.enabled_mark = 1 order by id) as entry_lanes,
            array(select id from parking_lane l where l.parking_id = p.id and l.direction in (2, 3) and l.enabled_mark = 1 order by id) as exit_lanes,
            array(select id from parking_area a where a.parking_id = p.id and a.level = 5 order by id) as zones,
            array(select space_no from parking_space s where s.parking_id = p.id and s.space_type in (1, 4, 5) order by space_no limit 200) as spaces
       from parking p where p.enabled_mark = 1 order by p.parking_code`,
  );
  return rows.map((r, i) => {
    const onStreet = Number(r.type) === 0;
    // kerb spaces turn over several times a day, garages about once and a half
    const turnover = onStreet ? 4 : Number(r.type) === 4 ? 2.5 : 1.5;
    return {
      id: r.id,
      index: String(i + 1).padStart(2, '0'),
      onStreet,
      weight: Math.max(Number(r.temp_spaces) || Number(r.total_spaces), 20) * turnover,
      entryLanes: r.entry_lanes,
      exitLanes: r.exit_lanes,
      zones: r.zones,
      spaces: r.spaces,
      collectors: [COLLECTORS[i % COLLECTORS.length], COLLECTORS[(i + 3) % COLLECTORS.length]],
    };
  });
}
