import { Component } from 'react';
import { Renderer, filter, type RendererProps } from 'amis';
import { setRouteTitle } from '../../router/route-titles';

export interface RouteTitleProps extends RendererProps {
  /** the title, a template over the page's data, e.g. "停车订单详情 ${orderNo}" */
  title?: string;
}

/**
 * `{"type": "pc-route-title", "title": "停车订单详情 ${orderNo}"}`: the screen's tab, breadcrumb and
 * document title name the record once its data is in, instead of the id in the address. Shows
 * nothing itself. The path is the page's own (`routePath` of the page context, amis-page.tsx), so a
 * kept-alive tab in the background names only itself.
 */
class RouteTitle extends Component<RouteTitleProps> {
  componentDidMount() {
    this.tell();
  }

  componentDidUpdate() {
    this.tell();
  }

  private tell() {
    const { title, data } = this.props;
    const path = (data as { routePath?: unknown } | undefined)?.routePath;
    if (typeof path !== 'string' || typeof title !== 'string') return;
    // raw: the tab shows text (React escapes it); the escaping default would turn & into &amp;
    const text = filter(title, data, '| raw').trim();
    if (text && !text.includes('${')) setRouteTitle(path, text);
  }

  render() {
    return null;
  }
}

export const RouteTitleRenderer = Renderer({ type: 'pc-route-title' })(RouteTitle);
