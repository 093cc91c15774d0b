/** One line of a diff: kept (' '), added ('+') or removed ('-'). */
export interface DiffLine {
  op: ' ' | '+' | '-';
  text: string;
}

/**
 * A line diff of two texts by longest common subsequence (pages are a few hundred lines, so the
 * quadratic table is small); lines equal at both ends are trimmed first.
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const x = a.slice(start, endA);
  const y = b.slice(start, endB);
  const width = y.length + 1;
  const lcs = new Uint32Array((x.length + 1) * width);
  for (let i = x.length - 1; i >= 0; i--)
    for (let j = y.length - 1; j >= 0; j--)
      lcs[i * width + j] = x[i] === y[j] ? lcs[(i + 1) * width + j + 1] + 1 : Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1]);
  const middle: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      middle.push({ op: ' ', text: x[i++] });
      j++;
    } else if (j < y.length && (i === x.length || lcs[i * width + j + 1] >= lcs[(i + 1) * width + j]))
      middle.push({ op: '+', text: y[j++] });
    else middle.push({ op: '-', text: x[i++] });
  }
  const kept = (lines: string[]) => lines.map((text): DiffLine => ({ op: ' ', text }));
  return [...kept(a.slice(0, start)), ...middle, ...kept(a.slice(endA))];
}

/** The changed lines with `context` unchanged lines around each change; runs left out become one '…' line. */
export function compactDiff(lines: DiffLine[], context = 3): DiffLine[] {
  const near = lines.map(() => false);
  lines.forEach((l, i) => {
    if (l.op === ' ') return;
    for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++) near[k] = true;
  });
  const out: DiffLine[] = [];
  lines.forEach((l, i) => {
    if (near[i]) out.push(l);
    else if (out.at(-1)?.text !== '…' || out.at(-1)?.op !== ' ') out.push({ op: ' ', text: '…' });
  });
  return out;
}
