import { Component } from 'react';
import { Renderer, type RendererProps } from 'amis';
import { t, tf } from '../../i18n';

export interface ComingSoonProps extends RendererProps {
  /** the page file to write, for implementers: `pages-json/card/groupCard.json` */
  file?: string;
}

/**
 * The body of a screen that is not built yet: operators read a plain "coming soon"; the page file
 * to write is for implementers, so it goes to the browser console, not onto the screen.
 */
class ComingSoon extends Component<ComingSoonProps> {
  componentDidMount() {
    if (this.props.file) console.info(tf('page.comingSoonFile', { file: this.props.file }));
  }

  render() {
    const { classnames: cx } = this.props;
    return (
      <div className={cx('Alert', 'Alert--info')} role="status">
        <div className={cx('Alert-content')}>{t('page.comingSoon')}</div>
      </div>
    );
  }
}

export const ComingSoonRenderer = Renderer({ type: 'pc-coming-soon' })(ComingSoon);
