import MarkdownIt from 'markdown-it';
import anchor from 'markdown-it-anchor';
import { escapeHtml } from '../../html-documents/html-text';
import { MARKDOWN_PRINT_CSS } from './markdown-style';

/**
 * Markdown (GitHub flavour: tables, fenced code, task lists, strikethrough,
 * autolinks) to a complete HTML document with the print stylesheet, and, when
 * asked, a table of contents linking to every heading down to level 3. Raw
 * HTML is kept: the browser that renders it fetches nothing from outside.
 */
export function markdownToHtml(markdown: string, options: { tableOfContents: boolean }): string {
  const md = new MarkdownIt({ html: true, linkify: true, typographer: false });
  md.use(anchor, { slugify, tabIndex: false });
  md.core.ruler.push('task_lists', taskLists);
  const tokens = md.parse(markdown, {});
  const headings = collectHeadings(tokens);
  const body = md.renderer.render(tokens, md.options, {});
  const toc = options.tableOfContents && headings.length > 0 ? tableOfContents(headings) : '';
  const title = headings[0]?.text ?? 'Document';
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${MARKDOWN_PRINT_CSS}</style></head>
<body>${toc}<main>${body}</main></body></html>`;
}

type Token = MarkdownIt.Token;
type CoreState = MarkdownIt.StateCore;

interface Heading {
  level: number;
  id: string;
  text: string;
}

/** 'Über uns & more!' → 'über-uns-more'; markdown-it-anchor numbers repeats. */
function slugify(text: string): string {
  const slug = text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s+/g, '-');
  return slug || 'section';
}

function collectHeadings(tokens: Token[]): Heading[] {
  const headings: Heading[] = [];
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const level = Number(token.tag.slice(1));
    const id = String(token.attrGet('id') ?? '');
    const inline = tokens[index + 1];
    if (level > 3 || !id || inline?.type !== 'inline') return;
    const text = (inline.children ?? [])
      .filter((child) => child.type === 'text' || child.type === 'code_inline')
      .map((child) => child.content)
      .join('')
      .trim();
    if (text) headings.push({ level, id, text });
  });
  return headings;
}

/** Nested ordered lists following the heading levels (a level skipped does not leave an empty item). */
function tableOfContents(headings: Heading[]): string {
  const top = Math.min(...headings.map((h) => h.level));
  let html = '<nav class="toc"><h2>Table of contents</h2><ol>';
  let depth = 0;
  headings.forEach((heading, index) => {
    const level = Math.max(heading.level - top, 0);
    if (index > 0) {
      if (level > depth) {
        html += '<ol>'.repeat(level - depth);
      } else {
        html += '</li>';
        html += '</ol></li>'.repeat(depth - level);
      }
    }
    depth = index === 0 ? 0 : level;
    if (index === 0 && level > 0) {
      html += '<li><ol>'.repeat(level);
      depth = level;
    }
    html += `<li><a href="#${escapeHtml(encodeURIComponent(heading.id))}">${escapeHtml(heading.text)}</a>`;
  });
  html += '</li>' + '</ol></li>'.repeat(depth) + '</ol></nav>';
  return html;
}

/** `- [ ] todo` / `- [x] done` list items get a (read-only) checkbox, as GitHub shows them. */
function taskLists(state: CoreState): void {
  const { tokens } = state;
  for (let i = 2; i < tokens.length; i++) {
    const inline = tokens[i];
    if (inline.type !== 'inline' || tokens[i - 1].type !== 'paragraph_open' || tokens[i - 2].type !== 'list_item_open') continue;
    const marker = /^\[([ xX])\]\s+/.exec(inline.content);
    const first = inline.children?.[0];
    if (!marker || first?.type !== 'text' || !first.content.startsWith(marker[0].trimEnd())) continue;
    first.content = first.content.slice(marker[0].length).replace(/^\s+/, '');
    const checkbox = new state.Token('html_inline', '', 0);
    checkbox.content = `<input type="checkbox" disabled${marker[1] === ' ' ? '' : ' checked'}>`;
    inline.children!.unshift(checkbox);
    tokens[i - 2].attrJoin('class', 'task-list-item');
  }
}
