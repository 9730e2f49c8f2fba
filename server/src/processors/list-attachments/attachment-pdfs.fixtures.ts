import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { writePdf } from '../../../test/support/pdf-writer';
import { makePdf, withTempDir } from '../../../test/support/pdfs';

/**
 * PDFs carrying attachments, made by other programs than Folio (qpdf's
 * --add-attachment, pikepdf, a hand-written nested name tree), and readers of
 * them that are not the tools' code (qpdf's --list-attachments and
 * --show-attachment). Shared by the four attachment tools' specs.
 */

export interface FileToAttach {
  name: string;
  content: Buffer;
  /** Name-tree key, when it is not the name. */
  key?: string;
  mimeType?: string;
  description?: string;
  /** PDF dates. e.g. 'D:20240102030405Z' */
  creationDate?: string;
  modDate?: string;
}

/** A `pages`-page PDF with the files attached by qpdf's --add-attachment. */
export async function qpdfAttached(files: readonly FileToAttach[], pages = 1): Promise<Buffer> {
  const base = await makePdf(pages);
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), base);
    const args = files.flatMap((file, i) => {
      writeFileSync(join(dir, `f${i}`), file.content);
      return [
        '--add-attachment',
        join(dir, `f${i}`),
        `--key=${file.key ?? file.name}`,
        `--filename=${file.name}`,
        ...(file.mimeType ? [`--mimetype=${file.mimeType}`] : []),
        ...(file.description ? [`--description=${file.description}`] : []),
        ...(file.creationDate ? [`--creationdate=${file.creationDate}`] : []),
        ...(file.modDate ? [`--moddate=${file.modDate}`] : []),
        '--',
      ];
    });
    execFileSync('qpdf', [join(dir, 'in.pdf'), ...args, join(dir, 'out.pdf')]);
    return readFileSync(join(dir, 'out.pdf'));
  });
}

/** A one-page PDF made by pikepdf (qpdf's library through Python), the files attached with its AttachedFileSpec. */
export function pikepdfAttached(files: readonly FileToAttach[]): Buffer {
  const script = `
import base64, json, sys, pikepdf
files = json.load(open(sys.argv[1]))
pdf = pikepdf.new()
pdf.add_blank_page(page_size=(300, 400))
for f in files:
    spec = pikepdf.AttachedFileSpec(pdf, base64.b64decode(f['content']), filename=f['name'],
        description=f.get('description', ''), mime_type=f.get('mimeType', ''))
    pdf.attachments[f.get('key', f['name'])] = spec
pdf.save(sys.argv[2])
`;
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'files.json'), JSON.stringify(files.map((file) => ({ ...file, content: file.content.toString('base64') }))));
    writeFileSync(join(dir, 'make.py'), script);
    execFileSync('/usr/bin/python3', [join(dir, 'make.py'), join(dir, 'files.json'), join(dir, 'out.pdf')]);
    return readFileSync(join(dir, 'out.pdf'));
  });
}

/** A text string as UTF-16BE hex, as producers write names outside Latin-1. */
function utf16(text: string): string {
  return `<FEFF${Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase()}>`;
}

export const UNICODE_NAME = 'Résumé – 履歴書.txt';
export const RESUME = Buffer.from('Curriculum vitae\nこんにちは\n');
export const MINUTES = Buffer.from('Minutes of the meeting\n'.repeat(40));
export const LOGO = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

/**
 * A hand-written PDF whose EmbeddedFiles tree has two levels (a root with
 * /Kids, leaves with /Limits), as larger producers write it:
 * - key 'cv' → /F 'resume.txt', /UF the Unicode UNICODE_NAME (UTF-16), a
 *   text/plain stream with /Params /Size, dates with an offset, a description;
 * - key 'minutes.txt' → /F only, a Flate-compressed stream, no /Params or subtype;
 * - key 'nofile' → a specification that embeds no stream (listed by nothing);
 * - key 'z-logo' → /F 'docs/logo.png' (a folder in the name), the
 *   specification written in place in the tree.
 */
export function nestedTreePdf(): Buffer {
  const content = 'BT /F1 20 Tf 20 200 Td (nested tree) Tj ET';
  const compressed = deflateSync(MINUTES);
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 5 0 R >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Contents 4 0 R /Resources << /Font << /F1 14 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Kids [6 0 R 7 0 R] >>',
    '<< /Limits [(cv) (minutes.txt)] /Names [(cv) 8 0 R (minutes.txt) 9 0 R] >>',
    `<< /Limits [(nofile) (z-logo)] /Names [(nofile) 10 0 R (z-logo) << /Type /Filespec /F (docs/logo.png) /EF << /F 13 0 R >> >>] >>`,
    `<< /Type /Filespec /F (resume.txt) /UF ${utf16(UNICODE_NAME)} /Desc (Curriculum vitae) /EF << /F 11 0 R /UF 11 0 R >> >>`,
    '<< /Type /Filespec /F (minutes.txt) /EF << /F 12 0 R >> >>',
    '<< /Type /Filespec /F (nofile.txt) >>',
    Buffer.concat([
      Buffer.from(
        `<< /Type /EmbeddedFile /Subtype /text#2Fplain /Length ${RESUME.length} /Params << /Size ${RESUME.length} /CreationDate (D:20240102150405+05'30') /ModDate (D:20240315080000Z) >> >>\nstream\n`,
        'latin1',
      ),
      RESUME,
      Buffer.from('\nendstream', 'latin1'),
    ]),
    Buffer.concat([
      Buffer.from(`<< /Type /EmbeddedFile /Filter /FlateDecode /Length ${compressed.length} >>\nstream\n`, 'latin1'),
      compressed,
      Buffer.from('\nendstream', 'latin1'),
    ]),
    Buffer.concat([
      Buffer.from(`<< /Type /EmbeddedFile /Subtype /image#2Fpng /Length ${LOGO.length} /Params << /Size ${LOGO.length} >> >>\nstream\n`, 'latin1'),
      LOGO,
      Buffer.from('\nendstream', 'latin1'),
    ]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/** qpdf's list of a PDF's attachments: key → the name it prefers for it (/UF, else /F). */
export function qpdfAttachmentNames(pdf: Buffer): Record<string, string> {
  const json = qpdfOutput(pdf, (file) => ['--json=2', '--json-key=attachments', file]).toString('utf8');
  const attachments = (JSON.parse(json) as { attachments: Record<string, { preferredname: string }> }).attachments;
  return Object.fromEntries(Object.entries(attachments).map(([key, entry]) => [key, entry.preferredname]));
}

/** The keys qpdf lists attachments under (its --list-attachments, as JSON). */
export function qpdfAttachmentKeys(pdf: Buffer): string[] {
  return Object.keys(qpdfAttachmentNames(pdf));
}

/** An attachment's data as `qpdf --show-attachment` writes it (decoded). */
export function qpdfAttachmentData(pdf: Buffer, key: string): Buffer {
  return qpdfOutput(pdf, (file) => [`--show-attachment=${key}`, file]);
}

/** qpdf's stdout for the PDF; its exit 3 (succeeded with warnings, such as a specification without a file) is success. */
export function qpdfOutput(pdf: Buffer, args: (file: string) => string[]): Buffer {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    try {
      return execFileSync('qpdf', args(join(dir, 'x.pdf')), { maxBuffer: 512 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      const failed = error as { status?: number; stdout?: Buffer };
      if (failed.status === 3 && failed.stdout) return failed.stdout;
      throw error;
    }
  });
}

/**
 * A one-page PDF whose EmbeddedFiles tree is one node listing the files in the
 * order given (keys sorted by the caller), each stream Flate-compressed
 * (large, repetitive files stay small on disk) or, asked for, ASCII hex.
 */
export function compressedAttachments(files: readonly { name: string; content: Buffer; encoding?: 'flate' | 'hex' }[]): Buffer {
  const fixed = 5;
  const entries = files.map((file, i) => `(${file.name}) ${fixed + 1 + 2 * i} 0 R`).join(' ');
  const objects: (string | Buffer)[] = [
    `<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [${entries}] >> >> >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 40 >>\nstream\nBT /F1 20 Tf 20 200 Td (compressed) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  files.forEach((file, i) => {
    const hex = file.encoding === 'hex';
    const compressed = hex ? Buffer.from(`${file.content.toString('hex')}>`) : deflateSync(file.content);
    objects.push(`<< /Type /Filespec /F (${file.name}) /UF (${file.name}) /EF << /F ${fixed + 2 + 2 * i} 0 R >> >>`);
    objects.push(
      Buffer.concat([
        Buffer.from(
          `<< /Type /EmbeddedFile /Filter /${hex ? 'ASCIIHexDecode' : 'FlateDecode'} /Length ${compressed.length} /Params << /Size ${file.content.length} >> >>\nstream\n`,
          'latin1',
        ),
        compressed,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
  });
  return writePdf(objects);
}

/** A PDF whose EmbeddedFiles tree loops (a node among its own kids) around one real entry. */
export function loopingTreePdf(): Buffer {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 4 0 R >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] >>',
    '<< /Kids [5 0 R] >>',
    '<< /Kids [5 0 R 4 0 R] /Names [(loop.txt) 6 0 R] >>',
    '<< /Type /Filespec /F (loop.txt) /EF << /F 7 0 R >> >>',
    '<< /Type /EmbeddedFile /Length 4 >>\nstream\nloop\nendstream',
  ]);
}
