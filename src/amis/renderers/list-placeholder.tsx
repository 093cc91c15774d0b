import { Component } from 'react';
import { Icon, Renderer, Spinner, type RendererProps } from 'amis';
import { t } from '../../i18n';
import { listAnswered, type ListHost } from './list-answered';

export interface ListPlaceholderProps extends RendererProps {
  /** the empty text, spec §8: 暂无数据 */
  text?: string;
  host?: ListHost;
}

/**
 * A list's placeholder (`placeholder` of every crud, domain/pages/vocabulary.ts): until the list's first
 * answer it says the list is loading — a crud with a filter fetches only once the filter's option
 * sources have loaded, and amis would show 暂无数据 meanwhile — then the empty text with amis's icon.
 */
class ListPlaceholder extends Component<ListPlaceholderProps> {
  render() {
    const { text, host, classnames: cx, translate } = this.props;
    if (!listAnswered(host)) {
      return (
        <div className="pc-list-placeholder" role="status" aria-live="polite">
          <Spinner show size="sm" />
          <span>{t('common.loading')}</span>
        </div>
      );
    }
    return (
      <>
        <Icon icon="desk-empty" className={cx('Table-placeholder-empty-icon', 'icon')} />
        {translate(text || 'placeholder.noData')}
      </>
    );
  }
}

export const ListPlaceholderRenderer = Renderer({ type: 'pc-list-placeholder' })(ListPlaceholder);
