import Type, { type TSchema } from 'typebox';
import { CODE_MAX, CODE_MIN, PHONE_MESSAGE, PHONE_RE, codeMessage, codePattern } from '../../domain/field-rules.ts';
import { EMAIL_MESSAGE, EMAIL_RE, EN_CODE_MESSAGE, EN_CODE_RE, PASSWORD_HASH_MESSAGE, PASSWORD_HASH_RE } from '../../domain/field-rules.ts';

/**
 * Field schemas of the resource layer: TypeBox (so JSON Schema for validation and OpenAPI) with
 * the label used in messages. Field rules (phone, code, …) come from the one module the console
 * and the pages share.
 */

const MAX_INT = 2_147_483_647;

/** `1（行政区）、2（街道）或3（路段）` */
function listed<K extends string | number>(codes: K[], labels: Record<K, string>): string {
  const words = codes.map((c) => `${c}（${labels[c]}）`);
  return words.length > 1 ? `${words.slice(0, -1).join('、')}或${words.at(-1)}` : words.join('');
}

export const f = {
  text: (title: string, maxLength: number, opts: { default?: string } = {}) =>
    Type.String({ title, maxLength, ...(opts.default !== undefined ? { default: opts.default } : {}) }),

  /** Record codes: letters, digits, `_`, `-`, min to max long; the message names the field. */
  code: (title: string, min = CODE_MIN, max = CODE_MAX) =>
    Type.String({ title, pattern: codePattern(min, max).source, 'x-msg': `${title}${codeMessage(min, max)}` }),

  /** The id of another record, or null for none. */
  ref: (title: string) => Type.Union([Type.String({ maxLength: 64 }), Type.Null()], { title, default: null }),

  /** A calendar day, YYYY-MM-DD, or null. */
  date: (title: string) =>
    Type.Union([Type.String({ format: 'date' }), Type.Null()], { title, default: null, 'x-msg': `${title}格式不正确，应为YYYY-MM-DD` }),

  phone: (title: string) =>
    Type.Union([Type.String({ pattern: PHONE_RE.source }), Type.Literal('')], { title, default: '', 'x-msg': PHONE_MESSAGE }),

  /** A whole number in [min, max]; `msg` for anything else. */
  int: (title: string, opts: { min?: number; max?: number; msg?: string; default?: number } = {}) => {
    const min = opts.min ?? 0;
    const max = opts.max ?? MAX_INT;
    const msg = opts.msg ?? `${title}必须是${min}到${max}之间的整数`;
    return Type.Integer({
      title,
      minimum: min,
      maximum: max,
      'x-msg': msg,
      ...(opts.default !== undefined ? { default: opts.default } : {}),
    });
  },

  /** Money in integer cents. */
  cents: (title: string, { max, ...opts }: { default?: number; max?: number } = {}) =>
    Type.Integer({
      title,
      minimum: 0,
      maximum: max ?? Number.MAX_SAFE_INTEGER,
      'x-msg': max === undefined ? `${title}必须是不小于0的整数（分）` : `${title}必须是0到${max / 100}元`,
      ...opts,
    }),

  /** One of a fixed set of codes (a dictionary's values); `msg` lists them for the user. */
  oneOf: (title: string, values: readonly number[], msg: string, opts: { default?: number | null } = {}) =>
    Type.Union([...values.map((v) => Type.Literal(v)), ...(opts.default === null ? [Type.Null()] : [])], {
      title,
      'x-msg': msg,
      ...(opts.default !== undefined ? { default: opts.default } : {}),
    }),

  /**
   * One of the codes of a label table (domain/*-codes.ts), the message listing them as people read
   * them: `区域层级只能是1（行政区）、2（街道）…或5（场内分区）`.
   */
  codes: (title: string, labels: Record<number, string>, opts: { default?: number | null } = {}) => {
    const codes = Object.keys(labels)
      .map(Number)
      .sort((a, b) => a - b);
    return f.oneOf(title, codes, `${title}只能是${listed(codes, labels)}`, opts);
  },

  /** One of the text codes of a label table: `跨时段计费方式只能是perPiece（各时段分别取整）或completeAtEarlier（…）`. */
  words: <K extends string>(title: string, labels: Record<K, string>, opts: { default?: K } = {}) => {
    const codes = Object.keys(labels) as K[];
    return Type.Union(
      codes.map((c) => Type.Literal(c)),
      { title, 'x-msg': `${title}只能是${listed(codes, labels)}`, ...(opts.default !== undefined ? { default: opts.default } : {}) },
    );
  },

  /** Lists of ids (form fields may send them comma-separated). */
  ids: (title: string) => Type.Array(Type.String({ maxLength: 64 }), { title, default: [], maxItems: 1000, 'x-msg': `${title}格式不正确` }),

  email: (title: string) =>
    Type.Union([Type.String({ pattern: EMAIL_RE.source, maxLength: 100 }), Type.Literal('')], {
      title,
      default: '',
      'x-msg': EMAIL_MESSAGE,
    }),

  /** Codes that name things in the system (menus, roles, dictionaries): a letter, then letters, digits or `_`. */
  enCode: (title: string) => Type.String({ title, pattern: EN_CODE_RE.source, 'x-msg': `${title}${EN_CODE_MESSAGE}` }),

  /** A password as it travels (the MD5 hex of what was typed), never trimmed. */
  password: (title: string) => Type.String({ title, pattern: PASSWORD_HASH_RE.source, 'x-raw': true, 'x-msg': PASSWORD_HASH_MESSAGE }),
};

export type FieldSchemas = Record<string, TSchema>;
