import { describeRoute, hostTitle } from '../layout/route-info';
import { findHostRoute } from './routes';

/** Route title + ' - ' + site title; the site title alone for routes marked bareTitle (spec §2) or without a title. */
export function pageTitle(path: string, siteTitle: string): string {
  const host = findHostRoute(path);
  if (host?.meta.bareTitle) return siteTitle;
  const title = host ? hostTitle(host) : describeRoute(path)?.title;
  return title ? `${title} - ${siteTitle}` : siteTitle;
}
