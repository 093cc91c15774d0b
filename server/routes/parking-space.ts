import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { parkingSpaces } from '../entities/parking-spaces.ts';
import { badRequest, ok } from '../lib/envelope.ts';
import { registerResource } from '../resource/define.ts';
import { f } from '../resource/fields.ts';

/** Spaces: the resource, and batch add (prefix + consecutive numbers, e.g. B1-0001 … B1-0100). */

const { parkingId, areaId, spaceType } = parkingSpaces.spec.fields;
/** What the validation fills in for a batch's fields left out (the handler reads them with the same values). */
const DEFAULT = { prefix: '', startNo: 1, digits: 4 };
const batchBody = Type.Object({
  parkingId,
  areaId: Type.Optional(areaId),
  prefix: Type.Optional(
    Type.String({
      title: '编号前缀',
      maxLength: 10,
      pattern: '^[A-Za-z0-9-]*$',
      default: DEFAULT.prefix,
      'x-msg': '编号前缀只能包含字母、数字或短横线',
    }),
  ),
  startNo: Type.Optional(f.int('起始编号', { default: DEFAULT.startNo, msg: '起始编号必须是非负整数' })),
  count: f.int('新增数量', { min: 1, max: 500 }),
  digits: Type.Optional(f.int('编号位数', { min: 1, max: 6, default: DEFAULT.digits })),
  spaceType,
});

export function registerParkingSpaceRoutes(fastify: FastifyInstance, db: Db): void {
  registerResource(fastify, db, parkingSpaces);
  const app = fastify.withTypeProvider<TypeBoxProvider>();

  // all or nothing: one taken number refuses the whole batch
  app.post(
    '/api/system/ParkingSpace/batch',
    { schema: { body: batchBody }, config: { access: { buttons: ['space:add', 'space:import'] } } },
    async (req) => {
      // TypeBox's Static leaves the fields with a default optional, though the validation fills them in
      const { prefix = DEFAULT.prefix, startNo = DEFAULT.startNo, digits = DEFAULT.digits, ...b } = req.body;
      const numbers = Array.from({ length: b.count }, (_, i) => `${prefix}${String(startNo + i).padStart(digits, '0')}`);
      if (numbers.some((n) => n.length > 20)) throw badRequest('车位编号不能超过20个字符');
      const spaces = numbers.map((spaceNo) => ({ parkingId: b.parkingId, areaId: b.areaId, spaceType: b.spaceType, spaceNo }));
      const detail = `批量新增${numbers.length}个：${numbers[0]}~${numbers.at(-1)}`;
      await db.transaction((tx) => parkingSpaces.createMany(tx, req, spaces, { recordId: b.parkingId, detail }));
      return ok({ count: numbers.length }, `已新增${numbers.length}个车位`);
    },
  );
}
