import { Component } from 'react';
import { FormItem, type FormControlProps } from 'amis';
import { readMoney, readWholeNumber, showMoney, type Reading } from '../../../domain/input-filters';
import { PLATE_MESSAGE, isPlate, normalizePlate } from '../../../domain/field-rules';

interface FilteredInputProps extends FormControlProps {
  placeholder?: string;
  /** money only: the form value is integer cents (default), the input shows yuan; false keeps yuan text */
  valueInCents?: boolean;
}

/**
 * How one kind of input reads what is typed into the form value, and shows the value as text. Text
 * that is not such a value stays as typed and is the form value itself: the field's rule
 * (src/amis/extensions/typed-numbers.ts) says what is wrong beside it and the form is not sent.
 */
interface InputKind {
  /** what the box keeps of the typed text (the same value written the platform's way), if anything */
  keep?: (text: string) => string;
  read: (text: string, props: FilteredInputProps) => Reading<unknown>;
  show: (value: unknown, props: FilteredInputProps) => string;
  inputMode: 'decimal' | 'numeric' | 'text';
}

function makeInput(kind: InputKind) {
  return class FilteredInput extends Component<FilteredInputProps, { text: string | null }> {
    state = { text: null as string | null };

    private shown(): string {
      if (this.state.text !== null) return this.state.text;
      const { value } = this.props;
      return value === undefined || value === null || value === '' ? '' : kind.show(value, this.props);
    }

    private onChange = (e: React.ChangeEvent<HTMLInputElement>) => {
      const text = kind.keep ? kind.keep(e.target.value) : e.target.value;
      this.setState({ text });
      const read = kind.read(text, this.props);
      this.props.onChange(read.ok ? read.value : text);
      // the message beside the field at once, not only on submit (then it follows every change)
      if (!read.ok) void this.props.onValidate?.();
    };

    render() {
      const { classnames: cx, disabled, placeholder, name } = this.props;
      return (
        <div className={cx('TextControl-input')}>
          <input
            name={name}
            inputMode={kind.inputMode}
            value={this.shown()}
            disabled={disabled}
            placeholder={placeholder}
            onChange={this.onChange}
            onBlur={() => this.setState({ text: null })}
          />
        </div>
      );
    }
  };
}

/** Cents, or a value that is not (text kept as typed, a yuan-text field's value): shown as it is. */
const showCents = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? showMoney(value) : String(value));

const MONEY: InputKind = {
  read: (text, { valueInCents }) => {
    const read = readMoney(text);
    return read.ok && valueInCents === false ? { ok: true, value: text.trim() === '' ? undefined : text.trim() } : read;
  },
  show: (value, { valueInCents }) => (valueInCents === false ? String(value) : showCents(value)),
  inputMode: 'decimal',
};
const INTEGER: InputKind = { read: readWholeNumber, show: String, inputMode: 'numeric' };
// a plate is shown as the platform writes it (capitals, no blanks): the same plate
const PLATE: InputKind = {
  keep: normalizePlate,
  read: (text) => ({ ok: true, value: text === '' ? undefined : text }),
  show: String,
  inputMode: 'text',
};

/**
 * `pc-input-money`: yuan with up to 2 decimals on screen, integer cents in the form (money is cents end
 * to end; `"valueInCents": false` keeps the yuan text). `-5`, `1e3` or `12.345` stay as typed with a
 * message beside the field (金额不能小于0, …), never another amount.
 * `pc-input-integer`: a whole number of 0 or more; anything else stays as typed with a message. `pc-input-plate`: a plate, capitals and no blanks, checked
 * with the platform's plate rule (粤B12345, 粤BD12345, 无牌).
 */
export const MoneyInputRenderer = FormItem({ type: 'pc-input-money' })(makeInput(MONEY));
export const IntegerInputRenderer = FormItem({ type: 'pc-input-integer' })(makeInput(INTEGER));
export const PlateInputRenderer = FormItem({
  type: 'pc-input-plate',
  validate: (_values: unknown, value: unknown) => (isPlate(value) ? true : PLATE_MESSAGE),
})(makeInput(PLATE));
