/**
 * The print stylesheet for Markdown to PDF: a readable serif-free body on a
 * modular type scale (1.25), quiet code blocks that wrap instead of running
 * off the page, ruled tables, and headings that stay with what follows them.
 * System fonts only: nothing is fetched.
 */
export const MARKDOWN_PRINT_CSS = `
:root {
  --text: #1f2328;
  --muted: #59636e;
  --rule: #d1d9e0;
  --code-bg: #f6f8fa;
  --accent: #0b57d0;
}
html { font-size: 10.5pt; }
body {
  margin: 0;
  color: var(--text);
  font-family: "DejaVu Sans", "Liberation Sans", "Noto Sans", Arial, sans-serif;
  line-height: 1.55;
  overflow-wrap: break-word;
  -webkit-print-color-adjust: exact;
  print-color-adjust: exact;
}
h1, h2, h3, h4, h5, h6 {
  line-height: 1.25;
  margin: 1.6em 0 0.6em;
  font-weight: 600;
  break-after: avoid;
  page-break-after: avoid;
}
h1 { font-size: 2.44rem; border-bottom: 1px solid var(--rule); padding-bottom: 0.2em; margin-top: 0; }
h2 { font-size: 1.95rem; border-bottom: 1px solid var(--rule); padding-bottom: 0.15em; }
h3 { font-size: 1.56rem; }
h4 { font-size: 1.25rem; }
h5 { font-size: 1rem; }
h6 { font-size: 0.9rem; color: var(--muted); }
p, ul, ol, dl, table, pre, blockquote { margin: 0 0 0.9em; }
a { color: var(--accent); text-decoration: none; }
img { max-width: 100%; height: auto; }
hr { border: 0; border-top: 1px solid var(--rule); margin: 1.5em 0; }
ul, ol { padding-left: 1.8em; }
li + li { margin-top: 0.25em; }
li.task-list-item { list-style: none; margin-left: -1.4em; }
li.task-list-item input { margin: 0 0.45em 0 0; vertical-align: -0.1em; }
blockquote {
  margin-left: 0;
  padding: 0 1em;
  color: var(--muted);
  border-left: 0.25em solid var(--rule);
}
code, kbd, samp, pre {
  font-family: "DejaVu Sans Mono", "Liberation Mono", "Noto Sans Mono", monospace;
  font-size: 0.88em;
}
:not(pre) > code {
  background: var(--code-bg);
  border-radius: 4px;
  padding: 0.1em 0.35em;
}
pre {
  background: var(--code-bg);
  border: 1px solid var(--rule);
  border-radius: 6px;
  padding: 0.8em 1em;
  line-height: 1.45;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  break-inside: avoid;
  page-break-inside: avoid;
}
table { border-collapse: collapse; width: auto; max-width: 100%; }
th, td { border: 1px solid var(--rule); padding: 0.35em 0.7em; vertical-align: top; }
th { background: var(--code-bg); font-weight: 600; }
tr { break-inside: avoid; page-break-inside: avoid; }
tbody tr:nth-child(even) td { background: #fbfcfd; }
del { color: var(--muted); }
nav.toc {
  border: 1px solid var(--rule);
  border-radius: 6px;
  padding: 0.8em 1.2em 0.4em;
  margin-bottom: 2em;
  break-after: page;
  page-break-after: always;
}
nav.toc h2 { font-size: 1.25rem; border: 0; margin: 0 0 0.5em; padding: 0; }
nav.toc ol { list-style: none; padding-left: 0; margin: 0 0 0.4em; }
nav.toc ol ol { padding-left: 1.2em; margin: 0.2em 0 0; }
nav.toc a { color: var(--text); }
`;
