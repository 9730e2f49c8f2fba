import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { deflatedZeros } from './hostile-pdfs';
import { writePdf } from './pdf-writer';
import { withTempDir } from './pdfs';

/** PDFs holding JavaScript where the active-content fixture (active-content-pdfs.ts) has none, for Show Javascript. */

const stream = (dict: string, data: Buffer) => Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);

/** UTF-16BE with its byte-order mark, as PDF text strings are written, in hex. */
const utf16 = (text: string) => `<FEFF${Buffer.from(text, 'utf16le').swap16().toString('hex')}>`;

/**
 * A form whose scripts live where the active-content fixture has none: a
 * document script in a Flate-compressed stream, one in UTF-16 with non-Latin
 * letters, and a field with two widgets whose validate and calculate scripts
 * sit on the field itself (the widgets' parent), besides a widget's own
 * mouse-up script.
 */
export function formScriptsPdf(): Buffer {
  const compressed = "function total() {\n  // sums the two amounts\n  return this.getField('a').value + this.getField('b').value;\n}\n";
  return writePdf([
    /* 1 */ '<< /Type /Catalog /Pages 2 0 R /Names << /JavaScript 4 0 R >> /AcroForm << /Fields [7 0 R] >> >>',
    /* 2 */ '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    /* 3 */ '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Annots [8 0 R 9 0 R] >>',
    /* 4 */ '<< /Names [(helpers) 5 0 R (greeting) 6 0 R] >>',
    /* 5 */ '<< /S /JavaScript /JS 10 0 R >>',
    /* 6 */ `<< /S /JavaScript /JS ${utf16("app.alert('Grüße, 世界');")} >>`,
    /* 7 */ '<< /FT /Tx /T (sum) /Kids [8 0 R 9 0 R] /AA << /V << /S /JavaScript /JS (if (event.value < 0) event.rc = false;) >> /C << /S /JavaScript /JS (event.value = total();) >> >> >>',
    /* 8 */ '<< /Type /Annot /Subtype /Widget /Parent 7 0 R /Rect [10 10 100 30] /P 3 0 R /AA << /U << /S /JavaScript /JS (app.beep(0);) >> >> >>',
    /* 9 */ '<< /Type /Annot /Subtype /Widget /Parent 7 0 R /Rect [10 40 100 60] /P 3 0 R >>',
    /* 10 */ stream('/Filter /FlateDecode', deflateSync(Buffer.from(compressed))),
  ]);
}

/** One document script, named 'big', in a Flate-compressed stream. */
export function bigScriptPdf(script: Buffer): Buffer {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R /Names << /JavaScript << /Names [(big) 4 0 R] >> >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] >>',
    '<< /S /JavaScript /JS 5 0 R >>',
    stream('/Filter /FlateDecode', deflateSync(script)),
  ]);
}

/** A script stream of 64 MiB of zeros in a few kilobytes: a decompression bomb. */
export function scriptBombPdf(): Buffer {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] >>',
    '<< /S /JavaScript /JS 5 0 R >>',
    stream('/Filter /FlateDecode', deflatedZeros(1024 * 1024, 64)),
  ]);
}

/**
 * Scripts in every place a viewer runs them from, the open action first: it
 * calls `app.launchURL(...)`, the call Get Info once missed. Besides: a name
 * tree script, document and page triggers, a link's action with two scripts
 * chained after a go-to (/Next array), a widget's own trigger and its parent
 * field's, a nested bookmark's action (reached through a /Next chain of
 * bookmarks) and a screen annotation's rendition script. qpdf rewrites the
 * file with object streams, so the scripts are read from compressed objects.
 */
export function scriptsEverywherePdf(): Buffer {
  const js = (code: string) => `<< /S /JavaScript /JS (${code.replace(/[()\\]/g, (c) => `\\${c}`)}) >>`;
  const written = writePdf([
    /* 1 */ `<< /Type /Catalog /Pages 2 0 R /OpenAction ${js("app.launchURL('https://tracker.example/open', true);")} /Names << /JavaScript << /Names [(init) 4 0 R] >> >> ` +
      `/AA << /WS ${js("app.alert('will save');")} >> /AcroForm << /Fields [7 0 R] >> /Outlines 9 0 R >>`,
    /* 2 */ '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    /* 3 */ `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /AA << /C ${js("app.alert('page close');")} >> /Annots [5 0 R 6 0 R 8 0 R] >>`,
    /* 4 */ js('var started = true;'),
    /* 5 */ `<< /Type /Annot /Subtype /Link /Rect [10 250 100 270] /A << /S /GoTo /D [3 0 R /Fit] /Next [${js("app.alert('first chained');")} ${js("app.alert('second chained');")}] >> >>`,
    /* 6 */ `<< /Type /Annot /Subtype /Widget /Parent 7 0 R /Rect [10 10 100 30] /P 3 0 R /AA << /Fo ${js("app.alert('focus');")} >> >>`,
    /* 7 */ `<< /FT /Tx /T (total) /Kids [6 0 R] /AA << /V ${js('if (event.value < 0) event.rc = false;')} >> >>`,
    /* 8 */ `<< /Type /Annot /Subtype /Screen /Rect [150 150 250 250] /P 3 0 R /A << /S /Rendition /OP 4 /AN 8 0 R /JS (app.alert\\('screen'\\);) >> >>`,
    /* 9 */ '<< /Type /Outlines /First 10 0 R /Last 11 0 R /Count 3 >>',
    /* 10 */ '<< /Title (Intro) /Parent 9 0 R /Next 11 0 R /Dest [3 0 R /Fit] >>',
    /* 11 */ '<< /Title (Appendix) /Parent 9 0 R /Prev 10 0 R /First 12 0 R /Last 12 0 R /Count 1 >>',
    /* 12 */ `<< /Title (Run me) /Parent 11 0 R /A ${js("app.alert('bookmark');")} >>`,
  ]);
  return withTempDir((dir) => {
    const [input, output] = [join(dir, 'in.pdf'), join(dir, 'out.pdf')];
    writeFileSync(input, written);
    execFileSync('qpdf', ['--object-streams=generate', input, output]);
    return readFileSync(output);
  });
}
