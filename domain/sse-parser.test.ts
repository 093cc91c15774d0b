import { describe, expect, it } from 'vitest';
import { SseParser } from './sse-parser.ts';

describe('SseParser', () => {
  it('reads named events cut across chunks, and skips comments', () => {
    const p = new SseParser();
    expect(p.push(': live\n\nevent: upd')).toEqual([]);
    expect(p.push('ate\ndata: {"a":1}\n\nevent: unavailable\r\ndata: {}\r\n\r\nda')).toEqual([
      { event: 'update', data: '{"a":1}' },
      { event: 'unavailable', data: '{}' },
    ]);
    expect(p.push('ta: x\ndata: y\n\n')).toEqual([{ event: 'message', data: 'x\ny' }]);
  });
});
