import { Component } from 'react';
import { Renderer, type RendererProps } from 'amis';
import { splitImages } from '../../../domain/upload-rules';
import './renderers.css';

interface ImagePreviewProps extends RendererProps {
  /** thumbnail size in px */
  size?: number;
}

interface State {
  open: string | null;
}

/** `{"type": "pc-image-preview", "name": "photos"}`: thumbnails of a comma-separated list; click enlarges. */
class ImagePreview extends Component<ImagePreviewProps, State> {
  state: State = { open: null };

  private onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') this.setState({ open: null });
  };

  componentDidUpdate(_: ImagePreviewProps, prev: State) {
    if (!prev.open && this.state.open) window.addEventListener('keydown', this.onKey);
    if (prev.open && !this.state.open) window.removeEventListener('keydown', this.onKey);
  }

  componentWillUnmount() {
    window.removeEventListener('keydown', this.onKey);
  }

  render() {
    const { value, name, data, size = 60 } = this.props;
    const urls = splitImages(value ?? (name ? (data as Record<string, unknown>)?.[name] : undefined));
    if (!urls.length) return <span className="pc-muted">-</span>;
    return (
      <span className="pc-image-preview">
        {urls.map((url) => (
          <img key={url} src={url} alt="" width={size} height={size} onClick={() => this.setState({ open: url })} />
        ))}
        {this.state.open ? (
          <span className="pc-lightbox" role="dialog" aria-label="图片预览" onClick={() => this.setState({ open: null })}>
            <img src={this.state.open} alt="" />
          </span>
        ) : null}
      </span>
    );
  }
}

export const ImagePreviewRenderer = Renderer({ type: 'pc-image-preview' })(ImagePreview);
