/**
 * TypeBox schemas are JSON Schema; the API description is OpenAPI 3.0, which spells a few keywords
 * its own way. Above all `null`: JSON Schema's `anyOf: [X, {type: 'null'}]` becomes X with
 * `nullable: true` beside its `type` (3.0 ignores `nullable` without a type, and generated clients
 * then drop the null). Several members of one type with an `enum` each (TypeBox literals) merge.
 */

type Node = Record<string, unknown>;

const isNull = (s: unknown): boolean => !!s && typeof s === 'object' && (s as Node).type === 'null';
const isEnumOf = (s: Node, type: unknown): boolean =>
  s.type === type && Array.isArray(s.enum) && Object.keys(s).every((k) => ['type', 'enum', 'title', 'description'].includes(k));

/** `members` (null removed) as one nullable schema. */
function nullableOf(members: Node[]): Node {
  if (members.length === 1 && members[0].type !== undefined)
    return { ...members[0], nullable: true, ...(Array.isArray(members[0].enum) ? { enum: [...members[0].enum, null] } : {}) };
  const type = members[0]?.type;
  if (type !== undefined && members.every((m) => isEnumOf(m, type)))
    return { type, enum: [...members.flatMap((m) => m.enum as unknown[]), null], nullable: true };
  // members of different types: the null is a member of its own, with the type 3.0 requires
  return { anyOf: [...members, { type: 'string', nullable: true, enum: [null] }] };
}

export function toOpenApi(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toOpenApi);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Node = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === '~kind' || k.startsWith('x-nonblank')) continue;
    if (k === 'const') out.enum = [v];
    else if ((k === 'anyOf' || k === 'oneOf') && Array.isArray(v) && v.some(isNull)) {
      Object.assign(out, nullableOf(v.filter((m) => !isNull(m)).map((m) => toOpenApi(m) as Node)));
    } else if (k === 'type' && v === 'null') Object.assign(out, { type: 'string', nullable: true, enum: [null] });
    else out[k] = toOpenApi(v);
  }
  if (out['x-msg']) out.description = `${String(out.description ?? '')}${out.description ? '；' : ''}错误提示：${String(out['x-msg'])}`;
  return out;
}

/**
 * The operation's stable id, from its method and route alone (never from the order routes
 * register in): `GET /api/system/Parking/:id` → `getSystemParkingById`. A site's client code is
 * generated with these names, so renaming a route renames its operation and nothing else does.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(\/|$)/, '')
    .split('/')
    .flatMap((seg) => (seg.startsWith(':') ? ['by', seg.slice(1)] : seg.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}
