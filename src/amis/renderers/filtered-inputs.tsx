import { Component } from 'react';
import { FormItem, type FormControlProps } from 'amis';
import { keepInteger, keepMoney } from '../../../domain/input-filters';
import { PLATE_MESSAGE, isPlate, normalizePlate } from '../../../domain/field-rules';

interface FilteredInputProps extends FormControlProps {
  placeholder?: string;
  /** money only: the form value is integer cents (default), the input shows yuan; false keeps yuan text */
  valueInCents?: boolean;
}

/** How one kind of input turns what is typed into the form value, and the value back into text. */
interface InputKind {
  keep: (text: string) => string;
  toValue: (text: string, props: FilteredInputProps) => unknown;
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
      const text = kind.keep(e.target.value);
      this.setState({ text });
      this.props.onChange(text === '' ? undefined : kind.toValue(text, this.props));
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

const MONEY: InputKind = {
  keep: keepMoney,
  toValue: (text, { valueInCents }) => (valueInCents === false ? text : Math.round(Number(text) * 100)),
  show: (value, { valueInCents }) => (valueInCents === false ? String(value) : (Number(value) / 100).toFixed(2)),
  inputMode: 'decimal',
};
const INTEGER: InputKind = { keep: keepInteger, toValue: Number, show: String, inputMode: 'numeric' };
const PLATE: InputKind = { keep: normalizePlate, toValue: (text) => text, show: String, inputMode: 'text' };

/**
 * `pc-input-money`: yuan with up to 2 decimals on screen, integer cents in the form (money is cents end
 * to end; `"valueInCents": false` keeps the yuan text).
 * `pc-input-integer`: digits only. `pc-input-plate`: a plate, capitals and no blanks, checked
 * with the platform's plate rule (粤B12345, 粤BD12345, 无牌).
 */
export const MoneyInputRenderer = FormItem({ type: 'pc-input-money' })(makeInput(MONEY));
export const IntegerInputRenderer = FormItem({ type: 'pc-input-integer' })(makeInput(INTEGER));
export const PlateInputRenderer = FormItem({
  type: 'pc-input-plate',
  validate: (_values: unknown, value: unknown) => (isPlate(value) ? true : PLATE_MESSAGE),
})(makeInput(PLATE));
