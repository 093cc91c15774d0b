import type { Db } from '../db/database.ts';
import { ApiError } from '../lib/envelope.ts';
import { maskPhone } from '../../domain/field-rules.ts';
import { CARD_STATUS_LABEL, type CardStatus } from '../../domain/card-codes.ts';
import { cardDay } from '../cards/common.ts';

/** A group card as its QR shows it to the company's drivers: no full phone, each plate's place now. */

export type PlacePlace = 'holding' | 'waiting' | 'away';
const PLACE_LABEL: Record<PlacePlace, string> = { holding: '在场（占用车位）', waiting: '在场（排队，临时计费）', away: '不在场' };

export async function groupCardInfo(db: Db, cardNo: string) {
  const { rows } = await db.query<{
    id: string;
    card_no: string;
    company_name: string;
    contact_name: string;
    contact_phone: string;
    status: number;
    start_date: unknown;
    end_date: unknown;
    slots: number;
    plate_nos: string[];
    parking_name: string;
  }>(
    `select g.id, g.card_no, g.company_name, g.contact_name, g.contact_phone, g.status, g.start_date, g.end_date, g.slots, g.plate_nos,
            p.parking_name
       from group_card g join parking p on p.id = g.parking_id where g.card_no = $1`,
    [cardNo.trim()],
  );
  const g = rows[0];
  if (!g) throw new ApiError(404, '团体卡不存在');
  const { rows: open } = await db.query<{ plate_no: string; holds: boolean }>(
    'select plate_no, hold_from is not null as holds from group_card_slot where group_card_id = $1 and left_time is null',
    [g.id],
  );
  const place = new Map(open.map((s) => [s.plate_no, (s.holds ? 'holding' : 'waiting') as PlacePlace]));
  const plates = g.plate_nos.map((plateNo) => {
    const p = place.get(plateNo) ?? 'away';
    return { plateNo, place: p, placeLabel: PLACE_LABEL[p] };
  });
  return {
    cardNo: g.card_no,
    companyName: g.company_name,
    statusLabel: CARD_STATUS_LABEL[Number(g.status) as CardStatus] ?? '',
    startDate: cardDay(g.start_date),
    endDate: cardDay(g.end_date),
    lotName: g.parking_name,
    slots: Number(g.slots),
    occupied: plates.filter((p) => p.place === 'holding').length,
    // the contact's name shows its first character only: the page is open to anyone holding the card's QR
    contactName: g.contact_name ? `${g.contact_name.slice(0, 1)}**` : '',
    contactPhone: maskPhone(g.contact_phone),
    plates,
  };
}
