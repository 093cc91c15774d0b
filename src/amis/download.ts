import { chinaTime } from '../../domain/format';

/** `20261121-153045_` — downloads are named with a timestamp prefix (spec §9), in China time like every time the console shows. */
export function timestampPrefix(date = new Date()): string {
  return chinaTime(date.getTime()).format('YYYYMMDD-HHmmss_');
}

/** The file name a binary response asks for, else the last URL segment. */
export function downloadName(contentDisposition: string | undefined, url: string, date = new Date()): string {
  let name = '';
  const star = contentDisposition?.match(/filename\*=(?:UTF-8'')?([^;]+)/i);
  const plain = contentDisposition?.match(/filename="?([^";]+)"?/i);
  if (star) name = decodeURIComponent(star[1].trim());
  else if (plain) name = plain[1].trim();
  if (!name) name = url.split('?')[0].split('/').filter(Boolean).pop() || 'download';
  return timestampPrefix(date) + name;
}

export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
