import { Component } from 'react';
import { Renderer, resolveVariableAndFilter, type RendererProps } from 'amis';
import { formatPlate, plateColorClass, plateColorLabel } from '../../domain/format';
import './renderers.css';

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
  /** `autoVar` usually resolves `${…}` already; resolve what is still a template. */
  private read(template: unknown, fallback: unknown): string {
    const value = template === undefined ? fallback : template;
    if (value === undefined || value === null) return '';
    if (typeof value === 'string' && value.includes('${')) return String(resolveVariableAndFilter(value, this.props.data, '| raw') ?? '');
    return String(value);
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
      env.notify('success', `复制成功，车牌：${shown}`);
    };
    return (
      <span className={`pc-plate ${plateColorClass(color)}`} title={plateColorLabel(color)} onClick={copy} role={copyable ? 'button' : undefined}>
        {shown}
      </span>
    );
  }
}

export const PlateTagRenderer = Renderer({ type: 'pc-plate', autoVar: true })(PlateTag);
