import type { Db } from '../db/database.ts';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, ok } from '../lib/envelope.ts';
import { asInput, optInt, reqString } from '../lib/fields.ts';
import { newId } from '../lib/ids.ts';
import { writeOperLog } from '../lib/operLog.ts';
import { type DictDetailRow, type DictRow, toDetailJson, toDictJson, validateDetail, validateDict } from '../services/dictModel.ts';
import { pageResult, readPage, Where } from '../services/paging.ts';

/**
 * Dictionaries. `api/dictDetail` is named by the spec (page is 0-based there, size up to 9999 so a
 * select gets every entry); `/api/system/Dictionary` manages the dictionaries themselves.
 */

const WRITE = { add: { buttons: ['dict:add'] }, edit: { buttons: ['dict:edit'] }, del: { buttons: ['dict:delete'] } };

/** Unique violations: a dictionary name or a value within a dictionary already taken. */
function mapUnique(e: unknown, msg: string): never {
  if ((e as { code?: string }).code === '23505') throw badRequest(msg);
  throw e;
}

async function dictExists(db: Db, name: string): Promise<boolean> {
  return (await db.query('select 1 from dictionaries where name = $1', [name])).rows.length > 0;
}

function registerDetailRoutes(app: FastifyInstance, db: Db): void {
  // every signed-in user: the selects of other screens read it
  app.get('/api/dictDetail', { config: { access: 'login' } }, async (req) => {
    const q = asInput(req.query);
    const dictName = reqString(q.dictName, '字典编码', 50);
    const page = optInt(q.page, '页码必须是非负整数') ?? 0;
    const size = optInt(q.size, '每页条数必须是1到9999之间的整数') ?? 10;
    if (page < 0) throw badRequest('页码必须是非负整数');
    if (size < 1 || size > 9999) throw badRequest('每页条数必须是1到9999之间的整数');
    const w = new Where().add('dict_name = ?', dictName);
    const label = Where.like(q, 'label', '字典标签');
    if (label) w.add('label ilike ?', label);
    const total = (await db.query<{ n: number }>(`select count(*)::int as n from dict_detail ${w.sql}`, w.params)).rows[0].n;
    const limit = w.limit({ currentPage: page + 1, pageSize: size });
    const { rows } = await db.query<DictDetailRow>(`select * from dict_detail ${w.sql} order by dict_sort, value ${limit}`, w.params);
    return ok(pageResult(rows.map(toDetailJson), { currentPage: page, pageSize: size }, total));
  });

  app.post('/api/dictDetail', { config: { access: WRITE.add } }, async (req) => {
    const v = validateDetail(asInput(req.body));
    const id = newId('dd');
    await db.transaction(async (tx) => {
      if (!(await dictExists(tx, v.dictName))) throw badRequest('字典不存在');
      await tx
        .query('insert into dict_detail (id, dict_name, label, value, content, dict_sort) values ($1, $2, $3, $4, $5, $6)', [
          id, v.dictName, v.label, v.value, v.content, v.dictSort,
        ])
        .catch((e: unknown) => mapUnique(e, '字典值已存在'));
      await writeOperLog(tx, req, { action: 'create', module: 'dict', recordId: id, detail: `${v.dictName} ${v.value}=${v.label}` });
    });
    return ok({ id }, '新建成功');
  });

  app.put('/api/dictDetail', { config: { access: WRITE.edit } }, async (req) => {
    const body = asInput(req.body);
    const id = reqString(body.id, '字典项ID', 64);
    await db.transaction(async (tx) => {
      const old = (await tx.query<DictDetailRow>('select * from dict_detail where id = $1', [id])).rows[0];
      if (!old) throw notFound();
      // the entry stays in its dictionary; the body may omit dictName
      const v = validateDetail({ ...toDetailJson(old), ...body, dictName: old.dict_name, dict: undefined });
      await tx
        .query('update dict_detail set label = $2, value = $3, content = $4, dict_sort = $5, last_modify_time = now() where id = $1', [
          id, v.label, v.value, v.content, v.dictSort,
        ])
        .catch((e: unknown) => mapUnique(e, '字典值已存在'));
      await writeOperLog(tx, req, { action: 'update', module: 'dict', recordId: id, detail: `${v.dictName} ${v.value}=${v.label}` });
    });
    return ok(null, '修改成功');
  });

  app.delete<{ Params: { id: string } }>('/api/dictDetail/:id', { config: { access: WRITE.del } }, async (req) => {
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<DictDetailRow>('delete from dict_detail where id = $1 returning *', [req.params.id]);
      if (!rows[0]) throw notFound();
      await writeOperLog(tx, req, { action: 'delete', module: 'dict', recordId: req.params.id, detail: `${rows[0].dict_name} ${rows[0].value}=${rows[0].label}` });
    });
    return ok(null, '删除成功');
  });
}

function registerDictionaryRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/system/Dictionary', { config: { access: { menus: ['dict'] } } }, async (req) => {
    const q = asInput(req.query);
    const page = readPage(q);
    const w = new Where();
    const kw = Where.like(q, 'keyword', '关键字');
    if (kw) w.add('(name ilike ? or full_name ilike ?)', kw);
    const total = (await db.query<{ n: number }>(`select count(*)::int as n from dictionaries ${w.sql}`, w.params)).rows[0].n;
    const limit = w.limit(page);
    const { rows } = await db.query<DictRow>(`select * from dictionaries ${w.sql} order by sort_code, name ${limit}`, w.params);
    return ok(pageResult(rows.map(toDictJson), page, total));
  });

  app.post('/api/system/Dictionary', { config: { access: WRITE.add } }, async (req) => {
    const v = validateDict(asInput(req.body));
    const id = newId('d');
    await db.transaction(async (tx) => {
      await tx
        .query('insert into dictionaries (id, name, full_name, description, sort_code) values ($1, $2, $3, $4, $5)', [
          id, v.name, v.fullName, v.description, v.sortCode,
        ])
        .catch((e: unknown) => mapUnique(e, '字典编码已存在'));
      await writeOperLog(tx, req, { action: 'create', module: 'dict', recordId: id, detail: `${v.name} ${v.fullName}` });
    });
    return ok({ id }, '新建成功');
  });

  app.put<{ Params: { id: string } }>('/api/system/Dictionary/:id', { config: { access: WRITE.edit } }, async (req) => {
    await db.transaction(async (tx) => {
      const old = (await tx.query<DictRow>('select * from dictionaries where id = $1', [req.params.id])).rows[0];
      if (!old) throw notFound();
      const v = validateDict({ ...toDictJson(old), ...asInput(req.body) });
      await tx
        .query('update dictionaries set name = $2, full_name = $3, description = $4, sort_code = $5 where id = $1', [
          old.id, v.name, v.fullName, v.description, v.sortCode,
        ])
        .catch((e: unknown) => mapUnique(e, '字典编码已存在'));
      await writeOperLog(tx, req, { action: 'update', module: 'dict', recordId: old.id, detail: `${v.name} ${v.fullName}` });
    });
    return ok(null, '修改成功');
  });

  app.delete<{ Params: { id: string } }>('/api/system/Dictionary/:id', { config: { access: WRITE.del } }, async (req) => {
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<DictRow>('delete from dictionaries where id = $1 returning *', [req.params.id]);
      if (!rows[0]) throw notFound();
      await writeOperLog(tx, req, { action: 'delete', module: 'dict', recordId: rows[0].id, detail: `${rows[0].name} ${rows[0].full_name}` });
    });
    return ok(null, '删除成功');
  });
}

export function registerDictRoutes(app: FastifyInstance, db: Db): void {
  registerDetailRoutes(app, db);
  registerDictionaryRoutes(app, db);
}
