import { describe, expect, it, vi } from 'vitest';
import { registerTypedNumbers, typedNumberRule, typedNumberRules, TYPED_NUMBER_RULES } from './typed-numbers';
import { MONEY_NEGATIVE_MESSAGE, MONEY_TEXT_MESSAGE, WHOLE_NUMBER_MESSAGE } from '../../../domain/input-filters';

describe('typed numbers', () => {
  it('every money and whole-number input has its rule, beside the page’s own', () => {
    expect(typedNumberRules({ type: 'pc-input-money', name: 'amountCents' })).toEqual({
      type: 'pc-input-money',
      name: 'amountCents',
      validations: { isMoneyInput: true },
    });
    expect(typedNumberRules({ type: 'pc-input-integer', validations: { maximum: 1440 } }).validations).toEqual({
      isWholeNumberInput: true,
      maximum: 1440,
    });
    expect(typedNumberRules({ type: 'pc-input-integer', validations: 'maximum:1440' }).validations).toBe('isWholeNumberInput,maximum:1440');
    const own = { type: 'pc-input-money', validations: { isMoneyInput: true } };
    expect(typedNumberRules(own)).toBe(own);
    const other = { type: 'input-text', name: 'x' };
    expect(typedNumberRules(other)).toBe(other);
  });

  it('the rules answer amis with true or the message for what was typed', () => {
    const money = typedNumberRule(TYPED_NUMBER_RULES['pc-input-money'][1]);
    expect(money({}, 1250)).toBe(true);
    expect(money({}, undefined)).toBe(true);
    expect(money({}, '-5')).toEqual({ error: true, msg: MONEY_NEGATIVE_MESSAGE });
    expect(money({}, '1e3')).toEqual({ error: true, msg: MONEY_TEXT_MESSAGE });
    const whole = typedNumberRule(TYPED_NUMBER_RULES['pc-input-integer'][1]);
    expect(whole({}, 3)).toBe(true);
    expect(whole({}, '-3')).toEqual({ error: true, msg: WHOLE_NUMBER_MESSAGE });
  });

  it('registers both rules', () => {
    const addRule = vi.fn();
    registerTypedNumbers({ addRule });
    expect(addRule.mock.calls.map(([name]) => name)).toEqual(['isMoneyInput', 'isWholeNumberInput']);
  });
});
