import { CATEGORIES, toolPath, type AnyTool } from '@folio/registry';

/** The web app's pages besides the tools: web/src/App.tsx, from the spec's route table (document 1, §2). */
const SITE_PAGES = ['/', '/about', '/contact', '/privacy-policy', '/terms-condition'];

/**
 * Whether the single-page app has a page at a path, so the server can answer
 * other paths 404 (still with the app, which shows its not-found page).
 * Pages: the site's, each tool's, and the coming-soon page at
 * `/tools/<category>/<name>` for a real category: a tool not built yet, as an
 * old bookmark or a link from elsewhere reaches it. Other `/tools/...` paths
 * still show that page (the spec's fallback) but answer 404: nothing could be
 * built there. Paths match as react-router matches them: case aside, a trailing
 * slash aside, percent-decoded.
 */
export function webAppPages(tools: readonly AnyTool[]): (path: string) => boolean {
  const pages = new Set([...SITE_PAGES, ...tools.map(toolPath)].map((path) => path.toLowerCase()));
  const categories = new Set<string>(CATEGORIES.map((category) => category.id));
  return (path) => {
    const page = normalised(path);
    if (page === undefined) return false;
    if (pages.has(page)) return true;
    const [, root, category = '', name, ...rest] = page.split('/');
    return root === 'tools' && categories.has(category) && Boolean(name) && rest.length === 0;
  };
}

function normalised(path: string): string | undefined {
  try {
    return decodeURIComponent(path)
      .toLowerCase()
      .replace(/(.)\/+$/, '$1');
  } catch {
    return undefined;
  }
}
