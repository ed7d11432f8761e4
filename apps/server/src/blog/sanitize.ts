import sanitizeHtml from 'sanitize-html';

// What a post's HTML may contain: the prose, code, table and image elements Markdown produces, and
// nothing that runs code. sanitize-html parses the HTML and rebuilds it from this allow-list, so
// scripts, styles, frames, forms, event-handler attributes and javascript:/data: URLs never survive.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'kbd', 'samp',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'sub', 'sup',
    'small', 'abbr', 'cite', 'q', 'span', 'div', 'figure', 'figcaption', 'a', 'img',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'input',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'], // rel is always replaced by the transform below
    img: ['src', 'alt', 'title', 'width', 'height'],
    code: ['class'],
    th: ['align', 'colspan', 'rowspan'],
    td: ['align', 'colspan', 'rowspan'],
    ol: ['start'],
    abbr: ['title'],
    // GitHub task lists render as disabled checkboxes; nothing else of <input> is allowed.
    input: ['type', 'checked', 'disabled'],
  },
  allowedClasses: { code: [/^language-[a-z0-9+#-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Drop the contents of elements that hold code or styling rather than prose.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
  transformTags: {
    // Links leave the site without handing it the reader's window or referrer.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow' } }),
    input: (tagName, attribs) => ({ tagName, attribs: { ...attribs, disabled: '' } }),
  },
};

/** Returns HTML reduced to the blog's allow-list. Idempotent: sanitizing twice changes nothing. */
export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
