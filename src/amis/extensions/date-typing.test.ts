import { describe, expect, it, vi } from 'vitest';
import { letDatesBeTyped } from './date-typing';

/** A picker as amis-ui has it: a class whose box toggles on a space, wrapped twice. */
function picker() {
  class Raw {
    toggled = 0;
    handleKeyPress(e: { key?: string; preventDefault: () => void }) {
      if (e.key === ' ') {
        this.toggled++;
        e.preventDefault();
      }
    }
  }
  return { Raw, wrapped: { ComposedComponent: { ComposedComponent: Raw } } };
}

const press = (key: string, tagName: string) => ({ key, target: { tagName }, preventDefault: vi.fn() });

describe('typing a date-time', () => {
  it('a space typed into the text box stays in the text; on the picker box it still opens the picker', () => {
    const { Raw, wrapped } = picker();
    expect(letDatesBeTyped([wrapped])).toBe(1);
    const instance = new Raw();
    const typed = press(' ', 'INPUT');
    instance.handleKeyPress(typed);
    expect(typed.preventDefault).not.toHaveBeenCalled();
    expect(instance.toggled).toBe(0);
    const onBox = press(' ', 'DIV');
    instance.handleKeyPress(onBox);
    expect(onBox.preventDefault).toHaveBeenCalled();
    expect(instance.toggled).toBe(1);
  });

  it('patches each picker once, and leaves alone what has no key handler', () => {
    const { wrapped } = picker();
    expect(letDatesBeTyped([wrapped, wrapped, {}, undefined])).toBe(1);
    expect(letDatesBeTyped([wrapped])).toBe(0);
  });
});
