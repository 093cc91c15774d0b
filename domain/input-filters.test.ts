import { describe, expect, it } from 'vitest';
import {
  MONEY_DECIMALS_MESSAGE,
  MONEY_NEGATIVE_MESSAGE,
  MONEY_TEXT_MESSAGE,
  MONEY_TOO_LARGE_MESSAGE,
  NUMBER_CHARS_MESSAGE,
  WHOLE_NUMBER_MESSAGE,
  moneyValueMessage,
  numberTextRefusal,
  readMoney,
  readWholeNumber,
  showMoney,
  stripWhitespace,
  wholeNumberValueMessage,
} from './input-filters';

const refused = (message: string) => ({ ok: false, message });

describe('money input', () => {
  it('reads yuan with up to 2 decimals as cents', () => {
    expect(readMoney('12.5')).toEqual({ ok: true, value: 1250 });
    expect(readMoney('0.29')).toEqual({ ok: true, value: 29 });
    expect(readMoney('.5')).toEqual({ ok: true, value: 50 });
    expect(readMoney('8.')).toEqual({ ok: true, value: 800 });
    expect(readMoney(' ¥ 8 ')).toEqual({ ok: true, value: 800 });
    expect(readMoney('１２．５')).toEqual({ ok: true, value: 1250 });
    expect(readMoney('')).toEqual({ ok: true, value: undefined });
  });
  it('never reads text as another number: a sign, an exponent, a third decimal or a letter is a message', () => {
    expect(readMoney('-5')).toEqual(refused(MONEY_NEGATIVE_MESSAGE));
    expect(readMoney('-0.5')).toEqual(refused(MONEY_NEGATIVE_MESSAGE));
    expect(readMoney('-')).toEqual(refused(MONEY_TEXT_MESSAGE));
    expect(readMoney('1e3')).toEqual(refused(MONEY_TEXT_MESSAGE));
    expect(readMoney('12.345')).toEqual(refused(MONEY_DECIMALS_MESSAGE));
    expect(readMoney('1.2.3')).toEqual(refused(MONEY_TEXT_MESSAGE));
    expect(readMoney('1,000')).toEqual(refused(MONEY_TEXT_MESSAGE));
    expect(readMoney('.')).toEqual(refused(MONEY_TEXT_MESSAGE));
    expect(readMoney('99999999999999999')).toEqual(refused(MONEY_TOO_LARGE_MESSAGE));
  });
  it('shows cents as yuan', () => {
    expect(showMoney(150)).toBe('1.50');
  });
  it('a form value is cents of 0 or more, or yuan text', () => {
    expect(moneyValueMessage(undefined)).toBeNull();
    expect(moneyValueMessage(1250)).toBeNull();
    expect(moneyValueMessage('12.50')).toBeNull();
    expect(moneyValueMessage(-500)).toBe(MONEY_NEGATIVE_MESSAGE);
    expect(moneyValueMessage(12.5)).toBe(MONEY_DECIMALS_MESSAGE);
    expect(moneyValueMessage('1e3')).toBe(MONEY_TEXT_MESSAGE);
  });
});

describe('whole-number input', () => {
  it('reads digits', () => {
    expect(readWholeNumber('15')).toEqual({ ok: true, value: 15 });
    expect(readWholeNumber(' 1 5 ')).toEqual({ ok: true, value: 15 });
    expect(readWholeNumber('')).toEqual({ ok: true, value: undefined });
  });
  it('says so for a sign, a point or an exponent instead of dropping it', () => {
    expect(WHOLE_NUMBER_MESSAGE).toBe('必须是不小于0的整数');
    for (const text of ['-3', '2.5', '1e3', 'abc']) expect(readWholeNumber(text)).toEqual(refused(WHOLE_NUMBER_MESSAGE));
    expect(wholeNumberValueMessage(-3)).toBe(WHOLE_NUMBER_MESSAGE);
    expect(wholeNumberValueMessage('-3')).toBe(WHOLE_NUMBER_MESSAGE);
    expect(wholeNumberValueMessage(3)).toBeNull();
  });
});

describe('number input text', () => {
  it('takes a plain decimal, unfinished ones too', () => {
    for (const text of ['', '-', '-5', '-0.5', '12', '1.', '.5', '1.25']) expect(numberTextRefusal(text, 2)).toBeNull();
    expect(numberTextRefusal('2.5')).toBeNull();
  });
  it('refuses an exponent, a misplaced sign, a second point or a letter', () => {
    for (const text of ['1e', '1e3', '5-', '--5', '1.2.3', '+5', 'abc', '1,000'])
      expect(numberTextRefusal(text, 2)).toBe(NUMBER_CHARS_MESSAGE);
  });
  it('refuses decimals the field would round away', () => {
    expect(numberTextRefusal('2.', 0)).toBe('只能输入整数');
    expect(numberTextRefusal('1.234', 2)).toBe('最多2位小数');
  });
});

describe('input filters', () => {
  it('strips whitespace', () => {
    expect(stripWhitespace(' 粤B 123 45 ')).toBe('粤B12345');
  });
});
