import type { Db } from '../db/database.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { badRequest, notFound, ok } from '../lib/envelope.ts';
import { idParams } from '../resource/define.ts';
import { laneScanUrl, publicOrigin, sendQrFiles, spaceScanUrl } from '../services/parking-qr.ts';
import { regionByAddress } from '../services/parking-region.ts';
import { assertLots } from '../resource/lot-scope.ts';
import { laneQrRow, lotName, spaceQrRows, validLaneQrs } from '../services/qr-targets.ts';

/** Binary answers of the lots screen: the QR codes; and address → region code (the .xlsx export is the resource's). */

const QR_LIMIT = 2000;

const spaceIds = Type.Array(Type.String({ title: '车位编号', maxLength: 64 }), {
  title: '车位编号列表',
  maxItems: QR_LIMIT,
  default: [],
  'x-msg': `一次最多下载${QR_LIMIT}个车位二维码`,
});
const spaceQrQuery = Type.Object({
  parkingId: Type.Optional(Type.String({ title: '停车场', maxLength: 64 })),
  spaceIds: Type.Optional(spaceIds),
  // the old name of spaceIds
  ids: Type.Optional(spaceIds),
});
const laneQrQuery = Type.Object({ laneId: Type.String({ title: '车道', maxLength: 64 }) });
const addressQuery = Type.Object({ address: Type.String({ title: '地址', maxLength: 200 }) });

export function registerParkingFiles(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  // spaces of one lot (all, or the listed ids), e.g. the berth plates of an on-street lot
  const spaceQr = { schema: { querystring: spaceQrQuery }, config: { access: { buttons: ['parking:qrcode', 'space:export'] } } };
  app.get('/api/system/Parking/downloadQRCodeBySpace', spaceQr, async (req, reply) => {
    const q = req.query;
    const parkingId = q.parkingId ?? '';
    const ids = q.spaceIds?.length ? q.spaceIds : (q.ids ?? []);
    if (!parkingId && !ids.length) throw badRequest('请指定停车场或车位');
    const rows = await spaceQrRows(db, parkingId, ids, QR_LIMIT + 1);
    if (!rows.length) throw badRequest('没有找到对应的车位');
    assertLots(req, [...new Set(rows.map((s) => s.parking_id))]);
    if (rows.length > QR_LIMIT) throw badRequest(`一次最多下载${QR_LIMIT}个车位二维码，请指定车位`);
    const origin = publicOrigin(req);
    return sendQrFiles(
      reply,
      rows.map((s) => ({ name: `${s.parking_name}-${s.space_no}`, text: spaceScanUrl(origin, s.parking_id, s.id) })),
      `${rows[0].parking_name}-车位二维码`,
    );
  });

  const laneQrs = { schema: { params: idParams }, config: { access: { buttons: ['parking:qrcode', 'lane:qrcode'] } } };
  app.get('/api/system/Parking/BuildGateParkingQRCode/:id', laneQrs, async (req, reply) => {
    const name = await lotName(db, req.params.id);
    if (name === undefined) throw notFound();
    assertLots(req, req.params.id);
    const rows = await validLaneQrs(db, req.params.id);
    if (!rows.length) throw badRequest('该停车场没有可用的车道二维码');
    const origin = publicOrigin(req);
    return sendQrFiles(
      reply,
      rows.map((l) => ({ name: `${name}-${l.lane_name}(${l.lane_code})`, text: laneScanUrl(origin, req.params.id, l.id) })),
      `${name}-车道二维码`,
    );
  });

  const laneQr = { schema: { querystring: laneQrQuery }, config: { access: { buttons: ['lane:qrcode'] } } };
  app.get('/api/system/ParkingLane/build/wxApplet/qRCode', laneQr, async (req, reply) => {
    const { laneId } = req.query;
    const lane = await laneQrRow(db, laneId);
    if (!lane) throw notFound();
    assertLots(req, lane.parking_id);
    if (lane.qr_status !== 1) throw badRequest('该车道二维码已作废，请先重新生成');
    return sendQrFiles(
      reply,
      [{ name: `${lane.parking_name}-${lane.lane_name}`, text: laneScanUrl(publicOrigin(req), lane.parking_id, lane.id) }],
      '',
    );
  });

  app.get('/api/system/Base/Area/getCodeByAddress', { schema: { querystring: addressQuery }, config: { access: 'login' } }, async (req) => {
    const match = regionByAddress(req.query.address);
    if (!match) throw badRequest('无法从地址识别行政区划，请填写省、市、区');
    return ok({
      code: match.code,
      name: match.name,
      provinceCode: match.province?.code ?? '',
      cityCode: match.city?.code ?? '',
      areaCode: match.area?.code ?? '',
    });
  });
}
