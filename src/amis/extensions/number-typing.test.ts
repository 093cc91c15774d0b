// @vitest-environment jsdom
import { createElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { guardNumberTyping, markNumberPrecision, NOTE_CLASS, PRECISION_ATTR, refusalFor } from './number-typing';
import { NUMBER_CHARS_MESSAGE } from '../../../domain/input-filters';

/** amis-ui's NumberInput as far as the patch sees it: renderBase hands rc-input-number its precision. */
function numberInput() {
  class Raw {
    constructor(public props: Record<string, unknown>) {}
    renderBase(): ReactElement {
      return createElement('input', { precision: this.props.precision, stringMode: this.props.big === true });
    }
  }
  return { Raw, wrapped: { ComposedComponent: { ComposedComponent: Raw } } };
}

function field(value: string, precision: string, caret = value.length): HTMLInputElement {
  const input = document.createElement('input');
  input.setAttribute(PRECISION_ATTR, precision);
  document.body.replaceChildren(input);
  input.value = value;
  input.setSelectionRange(caret, caret);
  return input;
}

function type(input: HTMLInputElement, data: string): boolean {
  const event = new InputEvent('beforeinput', { inputType: 'insertText', data, bubbles: true, cancelable: true });
  return input.dispatchEvent(event);
}

describe('typing into amis number inputs', () => {
  it('the input carries the decimals amis keeps; a big number or percent field none', () => {
    const { Raw, wrapped } = numberInput();
    expect(markNumberPrecision(wrapped)).toBe(true);
    expect(markNumberPrecision(wrapped)).toBe(false);
    const props = (p: Record<string, unknown>) => (new Raw(p).renderBase().props as Record<string, unknown>)[PRECISION_ATTR];
    expect(props({ precision: 2 })).toBe('2');
    expect(props({ precision: 0 })).toBe('0');
    expect(props({ precision: 2, big: true })).toBe('');
    expect(props({ precision: 2, showAsPercent: true, suffix: '%' })).toBe('');
  });

  it('refuses an exponent, a sign after digits and decimals the field would round away', () => {
    expect(refusalFor(field('1', '2'), 'e')).toBe(NUMBER_CHARS_MESSAGE);
    expect(refusalFor(field('5', '2'), '-')).toBe(NUMBER_CHARS_MESSAGE);
    expect(refusalFor(field('1.2', '2'), '.')).toBe(NUMBER_CHARS_MESSAGE);
    expect(refusalFor(field('2', '0'), '.')).toBe('只能输入整数');
    expect(refusalFor(field('1.23', '2'), '4')).toBe('最多2位小数');
    expect(refusalFor(field('', '2'), '1e3')).toBe(NUMBER_CHARS_MESSAGE);
  });

  it('takes a minus sign in front, digits, and what fits', () => {
    expect(refusalFor(field('', '0'), '-')).toBeNull();
    expect(refusalFor(field('5', '0', 0), '-')).toBeNull();
    expect(refusalFor(field('1.2', '2'), '5')).toBeNull();
    expect(refusalFor(field('1.25', '2', 0), '9')).toBeNull();
    expect(refusalFor(field('2', ''), '.')).toBeNull();
    // a field amis shows formatted (a suffix, thousands) is checked by the characters only
    expect(refusalFor(field('1,000', '2'), '5')).toBeNull();
    expect(refusalFor(field('1,000', '2'), 'e')).toBe(NUMBER_CHARS_MESSAGE);
  });

  it('a refused character does not go in, and a note beside the field says why', () => {
    guardNumberTyping(document);
    const input = field('1', '2');
    expect(type(input, 'e')).toBe(false);
    const note = document.querySelector(`.${NOTE_CLASS}`);
    expect(note?.getAttribute('role')).toBe('alert');
    expect(note?.textContent).toBe(NUMBER_CHARS_MESSAGE);
    // the note stays through the next keystrokes: `13` is on screen beside why the e is not
    expect(type(input, '3')).toBe(true);
    expect(document.querySelectorAll(`.${NOTE_CLASS}`)).toHaveLength(1);
    // other inputs are left alone
    const text = document.createElement('input');
    document.body.appendChild(text);
    expect(type(text, 'e')).toBe(true);
  });
});
