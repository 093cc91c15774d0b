/** Where a page file (or a fragment) may be: one address per bundle, a site's own first. */
export function pageUrls(urlAddress: string, bundles: string[]): string[] {
  const clean = urlAddress.replace(/^\/+/, '').replace(/\.json$/, '');
  return bundles.map((bundle) => `${bundle.endsWith('/') ? bundle : bundle + '/'}${clean}.json`);
}
