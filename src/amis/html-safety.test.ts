// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { escapeHtml, sanitizeHtml } from './html-safety';

describe('escapeHtml', () => {
  it('shows markup, quotes and ampersands literally', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe('&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;');
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(12)).toBe('12');
  });
});

describe('sanitizeHtml', () => {
  it('leaves text and the formatting pages use as they are', () => {
    expect(sanitizeHtml('在线 3 台')).toBe('在线 3 台');
    expect(sanitizeHtml('&lt;b&gt;')).toBe('&lt;b&gt;');
    expect(sanitizeHtml('停车场：<b>12</b>')).toBe('停车场：<b>12</b>');
    expect(sanitizeHtml(`<span class="label label-success" title="t">启用</span>`)).toBe(
      '<span class="label label-success" title="t">启用</span>',
    );
  });

  it('drops scripts, frames, forms, images and SVG with their content', () => {
    for (const html of [
      '<script>window.__xss=1</script>',
      '<img src=x onerror="window.__xss=1">',
      '<svg onload="window.__xss=1"><circle/></svg>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
      '<form action="javascript:alert(1)"><button>x</button></form>',
      '<style>*{background:url(/x)}</style>',
      '<object data="x"></object><embed src="x">',
      '<template><img src=x onerror=alert(1)></template>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    ])
      expect(sanitizeHtml(`a${html}b`), html).not.toMatch(
        /<(img|svg|script|iframe|math|form|style|object|embed|template|noscript)|onerror|onload|javascript/i,
      );
  });

  it('strips event handlers and unsafe addresses, keeps safe links', () => {
    expect(sanitizeHtml('<b onclick="x()" onmouseover=y>t</b>')).toBe('<b>t</b>');
    expect(sanitizeHtml('<b/onclick=x()\nONMOUSEOVER = y title="t">t</b> a onclick=b')).toBe('<b title="t">t</b> a onclick=b');
    expect(sanitizeHtml('<b title="a>b" onclick=x()>t</b>')).toBe('<b title="a&gt;b">t</b>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">t</a>')).toBe('<a>t</a>');
    expect(sanitizeHtml('<a href=" JaVaScRiPt:alert(1)">t</a>')).toBe('<a>t</a>');
    expect(sanitizeHtml('<a href="data:text/html,x">t</a>')).toBe('<a>t</a>');
    expect(sanitizeHtml('<a href="https://example.com/x" target="_blank">t</a>')).toBe(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">t</a>',
    );
    expect(sanitizeHtml('<a href="#/parking/lot">t</a>')).toBe('<a href="#/parking/lot">t</a>');
    expect(sanitizeHtml('<span style="color:red">t</span>')).toBe('<span style="color:red">t</span>');
    expect(sanitizeHtml('<span style="background:url(/probe)">t</span>')).toBe('<span>t</span>');
  });

  it('gives unknown elements way to their content, drops comments', () => {
    expect(sanitizeHtml('<custom-el x="1"><b>t</b></custom-el><!-- c -->')).toBe('<b>t</b>');
    expect(sanitizeHtml('<details open ontoggle="x()"><summary>s</summary>t</details>')).toBe('st');
  });
});
