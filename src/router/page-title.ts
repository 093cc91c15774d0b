import { describeRoute, hostTitle } from '../layout/route-info';
import { findHostRoute } from '../../domain/pages/host-routes';
import { currentRoute } from './current-route';
import type { ResolvedRoute } from './resolve-route';

/** Route title + ' - ' + site title; the site title alone for routes marked bareTitle (spec §2) or without a title. */
export function pageTitle(path: string, siteTitle: string, resolve: (path: string) => ResolvedRoute | undefined = currentRoute): string {
  const host = findHostRoute(path);
  if (host?.meta.bareTitle) return siteTitle;
  const title = host ? hostTitle(host) : describeRoute(path, resolve)?.title;
  return title ? `${title} - ${siteTitle}` : siteTitle;
}
