import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkStateLiterals, listWithActions, STATE_LITERAL } from '../../domain/pages/check/state-rules.ts';
import { LISTS_WITH_ACTIONS } from '../../server/entities/row-actions';

const fixture = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'refund-queue-by-state.json'), 'utf8')) as unknown;

describe('check:pages state rule', () => {
  it('refuses a state compared with a number under a list that answers actions', () => {
    expect(checkStateLiterals(fixture, LISTS_WITH_ACTIONS)).toEqual([
      {
        path: '/body/columns/1/buttons/0/visibleOn',
        message: expect.stringMatching(/\/api\/refund\/Refunds answers each row's "actions"/),
      },
      { path: '/body/columns/1/buttons/2/disabledOn', message: expect.stringMatching(/compares a state with a number/) },
    ]);
  });

  it('a list without actions, or a list of other rows inside it, may compare its states', () => {
    expect(checkStateLiterals(fixture, [])).toEqual([]);
    const lanes = { type: 'crud', api: 'get:/api/system/ParkingLane', columns: [{ type: 'button', visibleOn: '${status == 1}' }] };
    expect(checkStateLiterals(lanes, LISTS_WITH_ACTIONS)).toEqual([]);
  });

  it('a record of such a list is read the same way (a details page)', () => {
    const details = {
      type: 'page',
      initApi: 'get:/api/card/MonthCard/${params.id}',
      body: [{ type: 'button', visibleOn: '${status <= 3}' }],
    };
    expect(checkStateLiterals(details, LISTS_WITH_ACTIONS).map((p) => p.path)).toEqual(['/body/0/visibleOn']);
  });

  it('an order read by its record (停车订单详情) or a charging order list answers actions too', () => {
    const details = {
      type: 'page',
      initApi: 'get:/api/order/ParkingOrder/${params.id}',
      body: [{ type: 'button', visibleOn: '${state == 2}' }],
    };
    expect(checkStateLiterals(details, LISTS_WITH_ACTIONS).map((p) => p.path)).toEqual(['/body/0/visibleOn']);
    const charging = { type: 'crud', api: 'get:/api/charging/Order', columns: [{ type: 'button', disabledOn: '${state >= 3}' }] };
    expect(checkStateLiterals(charging, LISTS_WITH_ACTIONS).map((p) => p.path)).toEqual(['/columns/0/disabledOn']);
  });

  it('what counts as a state literal', () => {
    for (const yes of ['status === 0', 'state>=2', '3 > status', 'cardStatus != 4', '(status == 1 || status == 2)'])
      expect(yes).toMatch(STATE_LITERAL);
    for (const no of ["ARRAYINCLUDES(actions, 'pay')", 'level < 5', "status === 'ok'", 'statusLabel'])
      expect(no).not.toMatch(STATE_LITERAL);
    expect(listWithActions('get:/api/refund/Refunds?status=0', LISTS_WITH_ACTIONS)).toBe('/api/refund/Refunds');
    expect(listWithActions('post:/api/refund/Refunds/${id}/Actions/Approve', LISTS_WITH_ACTIONS)).toBeUndefined();
  });
});
