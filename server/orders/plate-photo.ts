/**
 * A stand-in for a camera capture: an SVG of a car's front with its plate, the lot and the time.
 * Every value is XML-escaped; the image has no script and no external reference.
 */

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

const PLATE_FILL: Record<number, [bg: string, fg: string]> = {
  1: ['#f5f5f5', '#111'],
  2: ['#f2c200', '#111'],
  3: ['#5fd08a', '#111'],
  4: ['#111', '#fff'],
  5: ['#1f5fbf', '#fff'],
};

export function platePhotoSvg(o: {
  plateNo: string;
  plateColor: number | null;
  lotName: string;
  laneName: string;
  time: string;
  kind: 'entry' | 'exit';
}): string {
  const [bg, fg] = PLATE_FILL[o.plateColor ?? 5] ?? PLATE_FILL[5];
  const plate = [...o.plateNo].length > 2 ? `${[...o.plateNo].slice(0, 2).join('')}·${[...o.plateNo].slice(2).join('')}` : o.plateNo;
  const title = o.kind === 'entry' ? '入场抓拍' : '出场抓拍';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="300" viewBox="0 0 480 300">
<rect width="480" height="300" fill="#2b2f36"/>
<rect x="70" y="80" width="340" height="170" rx="40" fill="#8a939e"/>
<rect x="110" y="95" width="260" height="60" rx="10" fill="#c9d3dc"/>
<circle cx="120" cy="200" r="18" fill="#fff3b0"/><circle cx="360" cy="200" r="18" fill="#fff3b0"/>
<rect x="160" y="180" width="160" height="44" rx="4" fill="${bg}" stroke="#fff" stroke-width="2"/>
<text x="240" y="211" font-size="24" font-family="sans-serif" text-anchor="middle" fill="${fg}">${esc(plate)}</text>
<text x="12" y="24" font-size="14" font-family="sans-serif" fill="#fff">${esc(title)} ${esc(o.lotName)} ${esc(o.laneName)}</text>
<text x="12" y="286" font-size="14" font-family="monospace" fill="#fff">${esc(o.time)}</text>
</svg>`;
}
