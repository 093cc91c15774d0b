import { describe, expect, it } from 'vitest';
import { stateColor } from './state-colors';

describe('state colours', () => {
  it('colours states by their words', () => {
    expect(stateColor('在线')).toBe('success');
    expect(stateColor('离线')).toBe('error');
    expect(stateColor('占用')).toBe('processing');
    expect(stateColor('预约')).toBe('warning');
    expect(stateColor('作废')).toBe('inactive');
    expect(stateColor(' Offline ')).toBe('error');
  });

  it('shows an unknown or missing state in grey', () => {
    expect(stateColor('某种状态')).toBe('inactive');
    expect(stateColor(undefined)).toBe('inactive');
    expect(stateColor(null)).toBe('inactive');
  });
});
