import { describe, expect, it } from 'vitest';
import { operationIdOf, toOpenApi } from './openapi-schema.ts';

describe('operation ids', () => {
  it('come from the method and the route alone', () => {
    expect(operationIdOf('GET', '/api/system/Parking/:id')).toBe('getSystemParkingById');
    expect(operationIdOf('POST', '/api/oauth/Login')).toBe('postOauthLogin');
    expect(operationIdOf('PUT', '/api/system/ParkingLane/:id/Actions/VoidQr')).toBe('putSystemParkingLaneByIdActionsVoidQr');
    expect(operationIdOf('GET', '/api/docs/openapi.json')).toBe('getDocsOpenapiJson');
  });
});

describe('JSON Schema to OpenAPI 3.0', () => {
  it('a nullable value keeps its type beside `nullable`', () => {
    expect(toOpenApi({ anyOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }], title: '备注' })).toEqual({
      type: 'string',
      maxLength: 5,
      nullable: true,
      title: '备注',
    });
  });

  it('literals of one type and null become one nullable enum', () => {
    expect(toOpenApi({ anyOf: [{ const: 1, type: 'number' }, { const: 2, type: 'number' }, { type: 'null' }] })).toEqual({
      type: 'number',
      enum: [1, 2, null],
      nullable: true,
    });
  });

  it('members of different types keep null as a member that has a type', () => {
    const out = toOpenApi({ anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] }) as { anyOf: object[] };
    expect(out.anyOf).toEqual([{ type: 'string' }, { type: 'integer' }, { type: 'string', nullable: true, enum: [null] }]);
  });
});
