import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '../../html-documents/html-text';

/**
 * Makes pdftohtml's single-file output safe to open from the site: the page
 * opens it in a new window (same origin as the site for a blob: address), so
 * nothing in it may run script or load anything from elsewhere. Link targets and
 * font names come from the PDF, which anyone can write, so the markup is
 * rebuilt from an allow-list and a Content-Security-Policy forbids every
 * load except inline styles and data: images.
 */

const CONTENT_SECURITY_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

const BODY_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['style', 'div', 'p', 'span', 'a', 'img', 'br', 'b', 'i', 'u', 'em', 'strong', 'sup', 'sub', 'font'],
  allowedAttributes: {
    '*': ['style', 'class', 'id'],
    a: ['href', 'name'],
    img: ['src', 'width', 'height', 'alt'],
    font: ['color', 'size'],
  },
  // Only page backgrounds embedded by pdftohtml, links to the web or mail, and anchors inside the document.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // pdftohtml writes its class rules in <style> blocks inside the body; the CSP keeps them from loading anything.
  allowVulnerableTags: true,
  transformTags: {
    // A relative href would point at a file that does not exist next to a single document.
    // pdftohtml's own links to a page ("<stem>.html#7": the outline, links inside the PDF) point into this document.
    a: (tagName, attribs) => {
      const href = attribs.href?.replace(/^[^/:?#]*\.html(#\d+)$/i, '$1');
      if (href !== undefined && /^(#|https?:|mailto:)/i.test(href)) attribs.href = href;
      else delete attribs.href;
      return { tagName, attribs };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^data:image\//i.test(frame.attribs.src ?? ''),
};

/** The whole document, rebuilt around pdftohtml's body and style rules. */
export function selfContainedHtml(generated: string, title: string): string {
  const head = /<head[^>]*>([\s\S]*?)<\/head>/i.exec(generated)?.[1] ?? '';
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(generated)?.[1] ?? generated;
  const headStyles = [...head.matchAll(/<style[^>]*>[\s\S]*?<\/style>/gi)].map((m) => m[0]).join('\n');
  return [
    '<!DOCTYPE html>',
    '<html>',
    '<head>',
    '<meta charset="utf-8"/>',
    `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}"/>`,
    '<meta name="referrer" content="no-referrer"/>',
    `<title>${escapeHtml(title)}</title>`,
    sanitizeHtml(headStyles, BODY_OPTIONS),
    `<style>\n${missingFontRules(body)}</style>`,
    '</head>',
    '<body style="background:#a0a0a0">',
    sanitizeHtml(body, BODY_OPTIONS),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * The text-style rules pdftohtml refers to but never writes. Its classes are
 * "ft" + page number + font index, and it writes a font's rule only on the page
 * where the font first appears (".ft12" on page 1): page 7 then uses "ft72"
 * with no rule, and its headings show at body size. Each such class gets the
 * rule of the same font index from the page that defined it.
 */
export function missingFontRules(body: string): string {
  const pages = body.split(/<!-- Page (\d+) -->/);
  const ruleOfFont = new Map<string, string>();
  const defined = new Set<string>();
  const needed = new Map<string, string>();
  // pages: [before, "1", page 1 html, "2", page 2 html, ...]
  for (let index = 1; index + 1 < pages.length; index += 2) {
    const page = pages[index];
    const html = pages[index + 1];
    for (const [, name, rule] of html.matchAll(/\.(ft\d+)\s*\{([^}<]*)\}/g)) {
      defined.add(name);
      if (name.startsWith(`ft${page}`)) {
        const font = name.slice(2 + page.length);
        if (!ruleOfFont.has(font)) ruleOfFont.set(font, rule);
      }
    }
    for (const [, name] of html.matchAll(/class="(ft\d+)"/g)) {
      if (name.startsWith(`ft${page}`)) needed.set(name, name.slice(2 + page.length));
    }
  }
  return [...needed]
    .filter(([name, font]) => !defined.has(name) && ruleOfFont.has(font))
    .map(([name, font]) => `.${name}{${ruleOfFont.get(font)}}\n`)
    .join('');
}
