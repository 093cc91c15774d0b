import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { ApiError, badRequest } from '../lib/envelope.ts';

/**
 * Fastify's validator for every route schema (body, query, params): TypeBox checks the value after
 * a normalisation that matches how the console sends data — form or JSON bodies, numbers as text,
 * '' / 'null' / null for "not given", strings trimmed — and the first problem becomes the clear
 * Chinese message the user sees: `${title}不能为空`, `${title}不能超过N个字符`, or the field's own
 * `x-msg` (else `${title}格式不正确`).
 *
 * Schema annotations: `title` (the field's name in messages), `x-msg` (message for a bad value),
 * `x-raw` (no trimming, e.g. passwords), `x-missing` (the message when it is left out, e.g. 请输入账号),
 * and on an object `x-nonblank` (update bodies: these
 * optional keys may be left out but not blanked).
 */

type Json = Record<string, unknown>;
type Schema = TSchema & Json;

/** A keyword's value when it is text (schemas and error params are plain JSON here). */
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []);

const isBlank = (v: unknown): boolean => v === null || (typeof v === 'string' && (v.trim() === '' || v.trim() === 'null'));

const typesOf = (s: Schema): string[] => {
  if (typeof s.type === 'string') return [s.type];
  if (Array.isArray(s.type)) return texts(s.type);
  const alts = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (alts) return alts.flatMap(typesOf);
  if ('const' in s) return [typeof s.const === 'number' ? 'number' : typeof s.const];
  return [];
};

function coerce(s: Schema, v: unknown): unknown {
  const t = typesOf(s);
  if (typeof v === 'string') {
    const text = s['x-raw'] ? v : v.trim();
    if (t.includes('string')) return text;
    if ((t.includes('integer') || t.includes('number')) && /^-?\d+(\.\d+)?$/.test(text)) {
      const n = Number(text);
      return Number.isFinite(n) ? n : v;
    }
    if (t.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
    if (t.includes('array')) {
      if (text.startsWith('[')) {
        try {
          return normalise(s, JSON.parse(text), false);
        } catch {
          return v;
        }
      }
      return normalise(s, text.split(','), false);
    }
    return v;
  }
  if (Array.isArray(v) && s.items) return v.map((x) => normalise(s.items as Schema, x, false));
  if (v && typeof v === 'object' && s.properties) return normalise(s, v, false);
  return v;
}

function normalise(s: Schema, value: unknown, top: boolean): unknown {
  if (s.type === 'array' && Array.isArray(value)) {
    const items = s.items as Schema | undefined;
    return items
      ? value.map((x) => (typeof x === 'string' && typesOf(items).includes('string') ? x.trim() : coerce(items, x))).filter((x) => x !== '')
      : value;
  }
  if (s.type !== 'object' || !s.properties || !value || typeof value !== 'object' || Array.isArray(value)) {
    return top ? value : coerce(s, value);
  }
  const props = s.properties as Record<string, Schema>;
  const required = new Set(texts(s.required));
  const nonblank = new Set(texts(s['x-nonblank']));
  const out: Json = {};
  for (const [key, v] of Object.entries(value as Json)) {
    const p = props[key];
    if (!p) {
      if (s.additionalProperties !== false) out[key] = v; // unknown keys pass through untouched
      continue;
    }
    if (v === undefined) continue;
    if (isBlank(v)) {
      if (nonblank.has(key)) throw badRequest(`${p.title ?? key}不能为空`);
      if (required.has(key)) continue; // reported by the check as missing, with its position
      if ('default' in p) out[key] = p.default; // cleared; without a default, blank = not given
      continue;
      continue;
    }
    out[key] = coerce(p, v);
  }
  // create bodies: optional fields left out take their empty value
  if (!s['x-nonblank']) {
    for (const [key, p] of Object.entries(props)) {
      if (!(key in out) && !required.has(key) && 'default' in p) out[key] = p.default;
    }
  }
  return out;
}

function schemaAt(root: Schema, instancePath: string): { schema?: Schema; index?: number } {
  let s: Schema | undefined = root;
  let index: number | undefined;
  for (const seg of instancePath.split('/').slice(1)) {
    if (!s) break;
    if (/^\d+$/.test(seg) && s.items) {
      index = Number(seg);
      s = s.items as Schema;
    } else s = (s.properties as Record<string, Schema> | undefined)?.[seg];
  }
  return { schema: s, index };
}

interface TbError {
  keyword: string;
  instancePath: string;
  params: Json;
}

export function messageOf(root: Schema, e: TbError): string {
  if (e.keyword === 'required') {
    const key = texts(e.params.requiredProperties)[0];
    const { schema, index } = schemaAt(root, `${e.instancePath}/${key}`);
    const missing = text(schema?.['x-missing']);
    if (missing) return missing;
    return `${index === undefined ? '' : `第${index + 1}条`}${text(schema?.title) ?? key}不能为空`;
  }
  const { schema, index } = schemaAt(root, e.instancePath);
  const title = `${index === undefined ? '' : `第${index + 1}条`}${text(schema?.title) ?? (e.instancePath.slice(1) || '请求参数')}`;
  const msg = text(schema?.['x-msg']);
  if (msg) return `${index === undefined ? '' : `第${index + 1}条`}${msg}`;
  if (e.keyword === 'maxLength') return `${title}不能超过${e.params.limit as number}个字符`;
  if (e.keyword === 'minLength') return `${title}不能为空`;
  if (e.keyword === 'additionalProperties') return `不支持的参数：${texts(e.params.additionalProperties)[0] ?? ''}`;
  return `${title}格式不正确`;
}

/** Validates and normalises one value against a schema; answers the value or throws a 400 ApiError. */
export function compileValidator(schema: TSchema): (value: unknown) => unknown {
  const check = Compile(schema);
  const root = schema as Schema;
  return (value) => {
    const v = normalise(root, value ?? (root.type === 'object' ? {} : value), true);
    if (check.Check(v)) return v;
    const errors = [...check.Errors(v)] as TbError[];
    // a missing field first, then the innermost problem (anyOf reports its branches before itself)
    const first =
      errors.find((e) => e.keyword === 'required') ?? errors.find((e) => e.keyword !== 'anyOf' && e.keyword !== 'const') ?? errors[0];
    throw badRequest(messageOf(root, first));
  };
}

export const typeboxValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema }) => {
  const validate = compileValidator(schema);
  return (data: unknown) => {
    try {
      return { value: validate(data) };
    } catch (e) {
      if (e instanceof ApiError) return { error: e };
      throw e;
    }
  };
};
