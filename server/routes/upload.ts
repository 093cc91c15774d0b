import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import multipart from '@fastify/multipart';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { badRequest, ok } from '../lib/envelope.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';

/** Spec §5 upload rules and messages. */
export const UPLOAD_MSG = {
  type: '文件格式不正确，请上传png/jpg图片格式文件!',
  size: '上传头像图片大小不能超过 5 MB!',
  name: '文件名不正确，不能包含英文逗号!',
  missing: '请选择要上传的文件',
  incomplete: '上传的文件不完整，请重新上传',
  ok: '上传成功',
};
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const TYPES: Record<string, { ext: string; mime: string }> = {
  '.png': { ext: '.png', mime: 'image/png' },
  '.jpg': { ext: '.jpg', mime: 'image/jpeg' },
  '.jpeg': { ext: '.jpg', mime: 'image/jpeg' },
  'image/png': { ext: '.png', mime: 'image/png' },
  'image/jpeg': { ext: '.jpg', mime: 'image/jpeg' },
  'image/jpg': { ext: '.jpg', mime: 'image/jpeg' },
};
/** Only names this server generated can be read back: no path can be smuggled in. */
const STORED_NAME = /^[0-9a-z]+_[0-9a-f]{16}\.(png|jpg)$/;
const IMAGE_PATH = '/api/file/Image/';

/** The upload's kind in the path (chargingMemberCard, avatar…): any name, the rules are the same. */
const uploadParams = Type.Object({ type: Type.String({ title: '上传类型', maxLength: 64 }) });
/** multipart/form-data: the file in the field `file`; read from the stream, so the validated body stays empty */
const uploadBody = Type.Object({
  file: Type.Optional(Type.String({ title: '文件', format: 'binary', description: 'png/jpg，不超过 5 MB，文件名不含英文逗号' })),
});
const imageParams = Type.Object({ name: Type.String({ title: '文件名', maxLength: 100 }) });
const avatarBody = Type.Object({ avatar: Type.String({ title: '头像地址', maxLength: 200 }) });

/** Where uploads live: `<DATA_DIR>/uploads`, or memory when the database is in memory. */
export interface FileStore {
  put(name: string, data: Buffer): void;
  get(name: string): Buffer | undefined;
}

export function createFileStore(dataDir?: string): FileStore {
  if (!dataDir || dataDir === 'memory') {
    const files = new Map<string, Buffer>();
    return { put: (n, d) => void files.set(n, d), get: (n) => files.get(n) };
  }
  const dir = resolve(dataDir, 'uploads');
  mkdirSync(dir, { recursive: true });
  return {
    put: (n, d) => writeFileSync(join(dir, n), d),
    get: (n) => (existsSync(join(dir, n)) ? readFileSync(join(dir, n)) : undefined),
  };
}

/** POST /api/file/Uploader/:type, GET /api/file/Image/:name, PUT /api/oauth/updateAvatar. */
export async function registerUploadRoutes(fastify: FastifyInstance, db: Db, store: FileStore): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  await app.register(async (scope) => {
    // one byte over the limit tells "too big" apart from "exactly 5 MB"
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1 } });

    scope.post(
      '/api/file/Uploader/:type',
      { schema: { params: uploadParams, body: uploadBody }, config: { access: 'login' } },
      async (req) => {
        if (!req.isMultipart()) throw badRequest(UPLOAD_MSG.missing);
        // a body cut off mid-way (a dropped connection, a broken client) is the client's mistake
        const file = await req.file().catch(() => {
          throw badRequest(UPLOAD_MSG.incomplete);
        });
        if (!file || file.fieldname !== 'file') throw badRequest(UPLOAD_MSG.missing);
        const type = TYPES[extname(file.filename).toLowerCase()] ?? TYPES[file.mimetype.toLowerCase()];
        if (!type) throw badRequest(UPLOAD_MSG.type);
        if (file.filename.includes(',')) throw badRequest(UPLOAD_MSG.name);
        let data: Buffer;
        try {
          data = await file.toBuffer();
        } catch (e) {
          if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(UPLOAD_MSG.size);
          throw badRequest(UPLOAD_MSG.incomplete);
        }
        if (data.length > MAX_UPLOAD_BYTES || file.file.truncated) throw badRequest(UPLOAD_MSG.size);
        const name = `${Date.now().toString(36)}_${randomBytes(8).toString('hex')}${type.ext}`;
        store.put(name, data);
        return ok({ url: `${IMAGE_PATH}${name}`, name: file.filename }, UPLOAD_MSG.ok);
      },
    );
  });

  app.get(`${IMAGE_PATH}:name`, { schema: { params: imageParams }, config: { access: 'public' } }, async (req, reply) => {
    const { name } = req.params;
    const data = STORED_NAME.test(name) ? store.get(name) : undefined;
    if (!data) return reply.code(404).send({ code: 404, msg: '文件不存在', data: null });
    reply.header('Content-Type', name.endsWith('.png') ? 'image/png' : 'image/jpeg');
    reply.header('Cache-Control', 'private, max-age=86400');
    reply.header('X-Content-Type-Options', 'nosniff');
    return reply.send(data);
  });

  app.put<{ Body: { avatar: string } }>(
    '/api/oauth/updateAvatar',
    { schema: { body: avatarBody }, config: { access: 'login' } },
    async (req) => {
      const { avatar } = req.body;
      // only an image this server stored may become an avatar
      const name = avatar.slice(IMAGE_PATH.length);
      if (!avatar.startsWith(IMAGE_PATH) || !STORED_NAME.test(name) || !store.get(name)) throw badRequest('头像地址不正确');
      await db.transaction(async (tx) => {
        await tx.kysely
          .updateTable('users')
          .set({ avatar, lastModifyTime: sql`now()` })
          .where('id', '=', req.auth!.userId)
          .execute();
        await writeOperLog(tx, req, { action: 'update', module: 'user', recordId: req.auth!.userId, detail: '更换头像' });
      });
      return ok({ avatar }, '修改成功');
    },
  );
}
