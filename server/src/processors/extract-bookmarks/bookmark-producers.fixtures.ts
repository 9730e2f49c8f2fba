import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTempDir } from '../../../test/support/pdfs';

/** Bookmarked PDFs as LaTeX and Chromium write them, and Poppler's reading of named destinations. */

/**
 * A three-page article by pdfLaTeX with hyperref: its bookmarks are GoTo
 * actions to named destinations (strings in the /Names tree), as every
 * hyperref document's are. 1 First section (p1) › 1.1 Inner part (p1),
 * 1.2 Later part (p2); 2 Second section (p3).
 */
export function latexArticle(): Buffer {
  const source = String.raw`\documentclass{article}
\usepackage[pdfauthor={Asha}]{hyperref}
\begin{document}
\section{First section}
Text of the first section.
\subsection{Inner part}
Text of the inner part.
\newpage
\subsection{Later part}
Text of the later part.
\newpage
\section{Second section}
Text of the second section.
\end{document}
`;
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'article.tex'), source);
    // Twice: hyperref writes the outline from the first run's auxiliary file.
    for (let run = 0; run < 2; run++)
      execFileSync('pdflatex', ['-interaction=batchmode', '-no-shell-escape', 'article.tex'], { cwd: dir, stdio: 'ignore', timeout: 120_000 });
    return readFileSync(join(dir, 'article.pdf'));
  });
}

/**
 * A two-page web page printed by Chromium with its document outline (from the
 * headings): Alpha chapter (p1) › Alpha detail (p1); Beta chapter (p2).
 */
export function chromiumOutline(): Buffer {
  const html = `<!doctype html><html><head><title>Outline</title></head><body>
<h1>Alpha chapter</h1><p>Alpha text.</p><h2>Alpha detail</h2><p>Detail text.</p>
<h1 style="break-before: page">Beta chapter</h1><p>Beta text.</p></body></html>`;
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'page.html'), html);
    execFileSync(
      'chromium',
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        `--user-data-dir=${join(dir, 'profile')}`,
        '--generate-pdf-document-outline',
        '--no-pdf-header-footer',
        `--print-to-pdf=${join(dir, 'page.pdf')}`,
        `file://${join(dir, 'page.html')}`,
      ],
      { stdio: 'ignore', timeout: 120_000 },
    );
    return readFileSync(join(dir, 'page.pdf'));
  });
}

/** Named destinations and the page each opens, as Poppler's pdfinfo -dests reads them. e.g. { 'section.2': 3 } */
export function popplerDestinations(pdf: Buffer): Record<string, number> {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const text = execFileSync('pdfinfo', ['-dests', join(dir, 'x.pdf')], { encoding: 'utf8' });
    return Object.fromEntries(
      text.split('\n').flatMap((line) => {
        const match = /^\s*(\d+)\s+\[.*\]\s+"(.*)"\s*$/.exec(line);
        return match ? [[match[2], Number(match[1])]] : [];
      }),
    );
  });
}
