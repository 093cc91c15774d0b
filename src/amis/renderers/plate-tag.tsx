import { Component } from 'react';
import { Renderer, type RendererProps } from 'amis';
import { formatPlate, plateColorClass, plateColorLabel } from '../../../domain/format';
import './renderers.css';
import { localizeMessage } from '../../i18n/server-messages';
import { localeStore } from '../../i18n';

interface PlateTagProps extends RendererProps {
  /** the plate, e.g. "${plateNo}"; defaults to the field named by `name` */
  plate?: unknown;
  /** the plate colour code or word, e.g. "${plateColor}" */
  color?: unknown;
  /** click copies the plate (default true) */
  copyable?: boolean;
}

/** `{"type": "pc-plate", "name": "plateNo", "color": "${plateColor}"}`: a plate in its colour, click to copy. */
class PlateTag extends Component<PlateTagProps> {
  /**
   * A prop's value: `autoVar` has resolved the page's `${…}` by the time it arrives. What it holds
   * is data now (a plate from the list), and data is never evaluated again: a `${…}` in it is text.
   */
  private read(value: unknown, fallback: unknown): string {
    const resolved = value === undefined ? fallback : value;
    return resolved === undefined || resolved === null ? '' : String(resolved);
  }

  render() {
    const { name, data, value, copyable = true, env } = this.props;
    const raw = this.read(this.props.plate, value ?? (name ? (data as Record<string, unknown>)?.[name] : undefined));
    if (!raw) return <span className="pc-plate pc-plate--empty">-</span>;
    const color = this.read(this.props.color, undefined);
    const shown = formatPlate(raw);
    const copy = () => {
      if (!copyable) return;
      void navigator.clipboard?.writeText(raw).catch(() => undefined);
      env.notify('success', localizeMessage(`复制成功，车牌：${shown}`));
    };
    return (
      <span
        className={`pc-plate ${plateColorClass(color)}`}
        title={plateColorLabel(color, localeStore.locale)}
        onClick={copy}
        role={copyable ? 'button' : undefined}
      >
        {shown}
      </span>
    );
  }
}

export const PlateTagRenderer = Renderer({ type: 'pc-plate', autoVar: true })(PlateTag);
