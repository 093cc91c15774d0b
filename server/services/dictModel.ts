import { badRequest } from '../lib/envelope.ts';
import { type Input, optInt, optString, reqString } from '../lib/fields.ts';

/** Dictionaries and their entries: row ↔ JSON and validation. */

export interface DictRow {
  id: string;
  name: string;
  full_name: string;
  description: string;
  sort_code: number;
}

export interface DictDetailRow {
  id: string;
  dict_name: string;
  label: string;
  value: string;
  content: string;
  dict_sort: number;
}

const NAME_RE = /^[A-Za-z][A-Za-z0-9_]{1,49}$/;

export const toDictJson = (r: DictRow) => ({
  id: r.id, name: r.name, fullName: r.full_name, description: r.description, sortCode: r.sort_code,
});

export const toDetailJson = (r: DictDetailRow) => ({
  id: r.id, dictName: r.dict_name, label: r.label, value: r.value, content: r.content, dictSort: r.dict_sort,
});

export function validateDict(b: Input) {
  const name = reqString(b.name, '字典编码', 50);
  if (!NAME_RE.test(name)) throw badRequest('字典编码只能包含字母、数字或下划线，以字母开头，2-50位');
  return {
    name,
    fullName: reqString(b.fullName, '字典名称', 50),
    description: optString(b.description, '描述', 200) ?? '',
    sortCode: optInt(b.sortCode, '排序码必须是整数') ?? 0,
  };
}

/** The entry body; `dictName` may come as `dict.name` too (the shape some clients send). */
export function validateDetail(b: Input) {
  const dict = b.dict && typeof b.dict === 'object' ? (b.dict as Input) : {};
  return {
    dictName: reqString(b.dictName ?? dict.name, '字典编码', 50),
    label: reqString(b.label, '字典标签', 50),
    value: reqString(b.value, '字典值', 50),
    content: optString(b.content, '备注', 200) ?? '',
    dictSort: optInt(b.dictSort, '排序必须是整数') ?? 0,
  };
}
