import { Component } from 'react';
import { FormItem, type FormControlProps } from 'amis';
import { keepInteger, keepMoney } from '../../domain/input-filters';

interface FilteredInputProps extends FormControlProps {
  placeholder?: string;
  /** money only: the form value is integer cents, the input shows yuan */
  valueInCents?: boolean;
}

function makeInput(keep: (text: string) => string, money: boolean) {
  return class FilteredInput extends Component<FilteredInputProps, { text: string | null }> {
    state = { text: null as string | null };

    private shown(): string {
      if (this.state.text !== null) return this.state.text;
      const { value, valueInCents } = this.props;
      if (value === undefined || value === null || value === '') return '';
      return money && valueInCents ? (Number(value) / 100).toFixed(2) : String(value);
    }

    private onChange = (e: React.ChangeEvent<HTMLInputElement>) => {
      const text = keep(e.target.value);
      this.setState({ text });
      if (text === '') return this.props.onChange(undefined);
      this.props.onChange(money && this.props.valueInCents ? Math.round(Number(text) * 100) : money ? text : Number(text));
    };

    render() {
      const { classnames: cx, disabled, placeholder, name } = this.props;
      return (
        <div className={cx('TextControl-input')}>
          <input name={name} inputMode={money ? 'decimal' : 'numeric'} value={this.shown()} disabled={disabled} placeholder={placeholder} onChange={this.onChange} onBlur={() => this.setState({ text: null })} />
        </div>
      );
    }
  };
}

/** `pc-input-money`: digits and up to 2 decimals. `pc-input-integer`: digits only. */
export const MoneyInputRenderer = FormItem({ type: 'pc-input-money' })(makeInput(keepMoney, true));
export const IntegerInputRenderer = FormItem({ type: 'pc-input-integer' })(makeInput(keepInteger, false));
