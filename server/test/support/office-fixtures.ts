import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convertWithOffice } from '../../src/engines/libreoffice';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const FODT_NAMESPACES = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
  'xmlns:xlink="http://www.w3.org/1999/xlink"',
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
  'xmlns:script="urn:oasis:names:tc:opendocument:xmlns:script:1.0"',
  'xmlns:ooo="http://openoffice.org/2004/office"',
  'xmlns:dom="http://www.w3.org/2001/xml-events"',
].join(' ');

/** A flat ODF text document: one page per entry of `pages`; `body` is inserted raw after them. */
export function flatOdt(pages: readonly string[], extra: { body?: string; head?: string } = {}): string {
  const paragraphs = pages.map((text, i) => `<text:p text:style-name="${i === 0 ? 'Standard' : 'PageBreak'}">${escapeXml(text)}</text:p>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${FODT_NAMESPACES} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
${extra.head ?? ''}
<office:automatic-styles><style:style style:name="PageBreak" style:family="paragraph"><style:paragraph-properties fo:break-before="page"/></style:style></office:automatic-styles>
<office:body><office:text>${paragraphs}${extra.body ?? ''}</office:text></office:body>
</office:document>
`;
}

/** Converts a source document (given as its content and extension) with LibreOffice itself, e.g. to make a DOCX fixture. */
export async function officeFixture(
  source: string | Buffer,
  sourceExtension: string,
  exportFilter: string,
  outputExtension: string,
  importFilter?: string,
): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'office-fixture-'));
  try {
    const input = join(dir, `source${sourceExtension}`);
    const output = join(dir, `result${outputExtension}`);
    writeFileSync(input, source);
    await convertWithOffice({ input, output, exportFilter, importFilter }, { deadline: Date.now() + 60_000, timeLimitMs: 60_000, folder: dir });
    return readFileSync(output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
