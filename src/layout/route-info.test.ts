import { describe, expect, it } from 'vitest';
import { describeRoute } from './route-info';
import { setRouteTitle } from '../router/route-titles';
import type { ResolvedRoute } from '../router/resolve-route';
import type { DataRoute } from '../../domain/pages/route-file';

const details: DataRoute = {
  path: '/OrderManagement/parkingRecordOrderInfo/:id',
  urlAddress: 'OrderManagement/parkingRecordOrderInfo',
  title: '停车订单详情 {id}',
  permission: [],
  menu: '/OrderManagement/parkingRecordOrder',
  noCache: false,
  variants: [],
  source: 'test',
  at: '/routes/0',
  trail: [],
};

const resolve = (path: string): ResolvedRoute => ({
  kind: 'data',
  route: details,
  params: { id: path.split('/').pop()! },
  title: `停车订单详情 ${path.split('/').pop()}`,
  permission: [],
  allowed: true,
  trail: ['订单管理', '停车订单'],
});

describe('a details route in the shell', () => {
  it('sits under its menu screen and is titled by its record once the page has said', () => {
    const path = '/OrderManagement/parkingRecordOrderInfo/o-1';
    expect(describeRoute(path, resolve)).toMatchObject({ title: '停车订单详情 o-1', trail: ['订单管理', '停车订单', '停车订单详情 o-1'] });
    setRouteTitle(path, '停车订单详情 P202611240001');
    expect(describeRoute(path, resolve)).toMatchObject({
      title: '停车订单详情 P202611240001',
      trail: ['订单管理', '停车订单', '停车订单详情 P202611240001'],
    });
    // another order keeps its own title
    expect(describeRoute('/OrderManagement/parkingRecordOrderInfo/o-2', resolve)?.title).toBe('停车订单详情 o-2');
  });
});
