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
    a: (tagName, attribs) => {
      const href = attribs.href;
      if (href !== undefined && !/^(#|https?:|mailto:)/i.test(href)) delete attribs.href;
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
    '</head>',
    '<body style="background:#a0a0a0">',
    sanitizeHtml(body, BODY_OPTIONS),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
