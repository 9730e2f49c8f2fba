import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writePdf } from './pdf-writer';
import { withTempDir } from './pdfs';

/**
 * A one-page report carrying everything a sanitizer is asked to take out, each
 * thing marked so a test can find it in the bytes:
 *
 * - JavaScript (every script says `app.alert('<where>')`): in the JavaScript
 *   name tree; as the open action (a go-to chained after it); as a document
 *   trigger (/AA WC); a page trigger (/AA O, beside a go-to on /C); a link's
 *   action; chained after a link's go-to (/Next); a form field's keystroke and
 *   format triggers; an annotation's mouse-enter trigger; a bookmark's action;
 *   a rendition action's script; and an object no one refers to (a leftover
 *   of an earlier revision).
 * - Embedded files: `secret.txt` in the EmbeddedFiles name tree, and
 *   `payload.txt` on a file attachment annotation with a pop-up.
 * - XMP: the document's packet, the page's and an image's.
 * - Document info: title, author, producer.
 * - Links: to a web address (URI), to a program (Launch), and one within the
 *   document (GoTo).
 * - An embedded TrueType font (DejaVu Sans Mono) the page text is set in.
 */
export function activeContentPdf(): Buffer {
  const font = readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf');
  const text = 'BT /F1 18 Tf 30 330 Td (Quarterly report) Tj ET q 20 0 0 20 350 20 cm /Im1 Do Q';
  const xmp = (about: string) =>
    `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
    `<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>${about}</rdf:li></rdf:Seq></dc:creator></rdf:Description>` +
    `</rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
  const stream = (dict: string, data: string | Buffer) => {
    const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data);
    return Buffer.concat([Buffer.from(`<< ${dict} /Length ${bytes.length} >>\nstream\n`), bytes, Buffer.from('\nendstream')]);
  };
  const js = (where: string) => `<< /S /JavaScript /JS (app.alert\\('${where}'\\);) >>`;

  return writePdf(
    [
      /* 1 */ '<< /Type /Catalog /Pages 2 0 R /Names << /JavaScript 20 0 R /EmbeddedFiles 22 0 R >> /OpenAction 24 0 R /AA << /WC 25 0 R >> ' +
        '/Metadata 26 0 R /AcroForm << /Fields [14 0 R] /DR << /Font << /F1 5 0 R >> >> /DA (/F1 10 Tf 0 g) >> /Outlines 30 0 R >>',
      /* 2 */ '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      /* 3 */ '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 400] /Resources << /Font << /F1 5 0 R >> /XObject << /Im1 35 0 R >> >> /Contents 4 0 R /Metadata 28 0 R ' +
        '/AA << /O 27 0 R /C << /S /GoTo /D [3 0 R /Fit] >> >> /Annots [9 0 R 10 0 R 11 0 R 12 0 R 13 0 R 14 0 R 15 0 R 16 0 R 18 0 R] >>',
      /* 4 */ stream('', text),
      /* 5 */ `<< /Type /Font /Subtype /TrueType /BaseFont /DejaVuSansMono /FirstChar 32 /LastChar 126 /Widths [${Array(95).fill(602).join(' ')}] ` +
        '/Encoding /WinAnsiEncoding /FontDescriptor 6 0 R >>',
      /* 6 */ '<< /Type /FontDescriptor /FontName /DejaVuSansMono /Flags 33 /FontBBox [-558 -375 718 1042] /ItalicAngle 0 /Ascent 760 /Descent -240 ' +
        '/CapHeight 729 /StemV 80 /FontFile2 7 0 R >>',
      /* 7 */ stream(`/Length1 ${font.length}`, font),
      /* 8 */ '<< /Title (Quarterly report) /Author (Jane Secret) /Producer (Hostile Writer) >>',
      /* 9 */ '<< /Type /Annot /Subtype /Text /Rect [360 360 380 380] /Contents (An ordinary note) >>',
      /* 10 */ '<< /Type /Annot /Subtype /Link /Rect [30 280 200 300] /Border [0 0 0] /A << /S /URI /URI (https://tracker.example/pixel) >> >>',
      /* 11 */ '<< /Type /Annot /Subtype /Link /Rect [30 250 200 270] /Border [0 0 0] /A << /S /Launch /F (calc.exe) >> >>',
      /* 12 */ '<< /Type /Annot /Subtype /Link /Rect [30 220 200 240] /Border [0 0 0] /A << /S /GoTo /D [3 0 R /Fit] /Next 29 0 R >> >>',
      /* 13 */ `<< /Type /Annot /Subtype /Link /Rect [30 190 200 210] /Border [0 0 0] /A ${js('link')} >>`,
      /* 14 */ `<< /Type /Annot /Subtype /Widget /FT /Tx /T (email) /V (jane@example.com) /Rect [30 100 200 120] /P 3 0 R /DA (/F1 10 Tf 0 g) ` +
        `/AA << /K ${js('keystroke')} /F 31 0 R >> >>`,
      /* 15 */ `<< /Type /Annot /Subtype /Square /Rect [250 250 350 350] /C [1 0 0] /AA << /E ${js('mouse enter')} ` +
        "/X << /S /Rendition /OP 0 /JS (app.alert\\('rendition'\\);) >> >> >>",
      /* 16 */ '<< /Type /Annot /Subtype /FileAttachment /Rect [300 100 320 120] /FS 17 0 R /Name /PushPin /Contents (notes) /Popup 18 0 R >>',
      /* 17 */ '<< /Type /Filespec /F (payload.txt) /UF (payload.txt) /EF << /F 19 0 R >> >>',
      /* 18 */ '<< /Type /Annot /Subtype /Popup /Parent 16 0 R /Rect [320 100 400 160] >>',
      /* 19 */ stream('/Type /EmbeddedFile', 'annotation payload bytes'),
      /* 20 */ '<< /Names [(init) 21 0 R] >>',
      /* 21 */ js('document script'),
      /* 22 */ '<< /Names [(secret.txt) 23 0 R] >>',
      /* 23 */ '<< /Type /Filespec /F (secret.txt) /UF (secret.txt) /EF << /F 32 0 R >> >>',
      /* 24 */ "<< /S /JavaScript /JS (app.alert\\('open'\\);) /Next << /S /GoTo /D [3 0 R /Fit] >> >>",
      /* 25 */ js('will close'),
      /* 26 */ stream('/Type /Metadata /Subtype /XML', xmp('document xmp')),
      /* 27 */ js('page open'),
      /* 28 */ stream('/Type /Metadata /Subtype /XML', xmp('page xmp')),
      /* 29 */ js('chained'),
      /* 30 */ '<< /Type /Outlines /First 33 0 R /Last 33 0 R /Count 1 >>',
      /* 31 */ js('format'),
      /* 32 */ stream('/Type /EmbeddedFile', 'secret attachment bytes'),
      /* 33 */ `<< /Title (Run me) /Parent 30 0 R /A ${js('bookmark')} >>`,
      /* 34 */ js('earlier revision'),
      /* 35 */ stream(
        '/Type /XObject /Subtype /Image /Width 2 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Metadata 36 0 R',
        Buffer.from([0x40, 0xc0]),
      ),
      /* 36 */ stream('/Type /Metadata /Subtype /XML', xmp('image xmp')),
    ],
    '/Info 8 0 R',
  );
}

/** Every external address `externalActionsPdf()` plants holds this. */
export const OUTSIDE = 'outside.example';

/** Where `externalActionsPdf()` plants actions: each holds one chain of every kind. */
export const ACTION_PLACES = [
  'open action',
  'document will close',
  'document did print',
  'page open',
  'page close',
  'link',
  'link former URI',
  'square mouse enter',
  'screen',
  'button',
  'button mouse up',
  'field keystroke',
  'field validate',
  'parent field calculate',
  'kid widget focus',
  'bookmark',
  'next bookmark',
  'nested bookmark',
] as const;

/** The kinds of action that leave the document or fetch from outside it, as `externalActionsPdf()` plants them. */
export const EXTERNAL_KINDS = ['/URI', '/Launch', '/GoToR', '/GoToE', '/SubmitForm', '/ImportData', '/Thread', '/Sound', '/Movie', '/Rendition'] as const;

/**
 * A one-page form whose every place an action can live (ACTION_PLACES: the
 * open action, document, page, annotation and field triggers, a link's action
 * and former URI action, a screen annotation's, a button's, a parent field's,
 * bookmarks reached through /First and /Next) holds a chain of all
 * EXTERNAL_KINDS, started at a different kind in each place, linked by /Next
 * alternately as one dictionary and as an array, and ending in an in-document
 * go-to (with one more web address chained beside it). Sound, movie and
 * rendition actions play files outside the document; a movie annotation names
 * one too. A second screen annotation plays a clip embedded in the file. qpdf
 * rewrites it with object streams.
 */
export function externalActionsPdf(): Buffer {
  const slug = (place: string) => place.replace(/ /g, '-');
  const action = (kind: string, place: string): string => {
    const at = `${OUTSIDE}/${slug(place)}`;
    switch (kind) {
      case '/URI':
        return `/S /URI /URI (https://${at}/uri)`;
      case '/Launch':
        return `/S /Launch /F (${at}-launch.exe)`;
      case '/GoToR':
        return `/S /GoToR /F (${at}-remote.pdf) /D [0 /Fit]`;
      case '/GoToE':
        return `/S /GoToE /F (${at}-outer.pdf) /D [0 /Fit] /T << /R /C /N (inner.pdf) >>`;
      case '/SubmitForm':
        return `/S /SubmitForm /F << /FS /URL /F (https://${at}/submit) >> /Flags 4`;
      case '/ImportData':
        return `/S /ImportData /F (${at}-data.fdf)`;
      case '/Thread':
        return `/S /Thread /F (${at}-threads.pdf) /D 0 /B 0`;
      case '/Sound':
        return '/S /Sound /Sound 18 0 R';
      case '/Movie':
        return '/S /Movie /Annotation 11 0 R /Operation /Play';
      case '/Rendition':
        return `/S /Rendition /OP 0 /AN 6 0 R /R << /S /MR /C << /S /MCD /CT (video/mp4) /D << /FS /URL /F (https://${at}/clip.mp4) >> >> >>`;
      default:
        throw new Error(kind);
    }
  };
  const chain = (place: string): string => {
    const start = ACTION_PLACES.indexOf(place as (typeof ACTION_PLACES)[number]);
    const kinds = EXTERNAL_KINDS.map((_, i) => EXTERNAL_KINDS[(start + i) % EXTERNAL_KINDS.length]);
    let tail = `[<< /S /GoTo /D [3 0 R /Fit] >> << ${action('/URI', `${place} beside`)} >>]`;
    for (let i = kinds.length - 1; i >= 0; i--) {
      const next = i % 2 === 0 || i === kinds.length - 1 ? tail : `[${tail}]`;
      tail = `<< ${action(kinds[i], place)} /Next ${next} >>`;
    }
    return tail;
  };
  const stream = (dict: string, data: string) => `<< ${dict} /Length ${data.length} >>\nstream\n${data}\nendstream`;
  const written = writePdf(
    [
      /* 1 */ `<< /Type /Catalog /Pages 2 0 R /OpenAction ${chain('open action')} /AA << /WC ${chain('document will close')} /DP ${chain('document did print')} >> ` +
        '/AcroForm << /Fields [7 0 R 8 0 R 9 0 R] >> /Outlines 12 0 R >>',
      /* 2 */ '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      /* 3 */ `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 400] /AA << /O ${chain('page open')} /C ${chain('page close')} >> /Annots [4 0 R 5 0 R 6 0 R 7 0 R 8 0 R 10 0 R 11 0 R 19 0 R] >>`,
      /* 4 */ `<< /Type /Annot /Subtype /Link /Rect [10 360 200 380] /Border [0 0 0] /A ${chain('link')} /PA ${chain('link former URI')} >>`,
      /* 5 */ `<< /Type /Annot /Subtype /Square /Rect [250 300 300 350] /AA << /E ${chain('square mouse enter')} >> >>`,
      /* 6 */ `<< /Type /Annot /Subtype /Screen /Rect [250 200 350 280] /P 3 0 R /A ${chain('screen')} >>`,
      /* 7 */ `<< /Type /Annot /Subtype /Widget /FT /Btn /Ff 65536 /T (send) /Rect [10 300 100 320] /P 3 0 R /A ${chain('button')} /AA << /U ${chain('button mouse up')} >> >>`,
      /* 8 */ `<< /Type /Annot /Subtype /Widget /FT /Tx /T (email) /Rect [10 260 200 280] /P 3 0 R /AA << /K ${chain('field keystroke')} /V ${chain('field validate')} >> >>`,
      /* 9 */ `<< /FT /Tx /T (group) /Kids [10 0 R] /AA << /C ${chain('parent field calculate')} >> >>`,
      /* 10 */ `<< /Type /Annot /Subtype /Widget /Parent 9 0 R /T (child) /Rect [10 220 200 240] /P 3 0 R /AA << /Fo ${chain('kid widget focus')} >> >>`,
      /* 11 */ `<< /Type /Annot /Subtype /Movie /Rect [10 10 110 90] /P 3 0 R /T (trailer) /Movie << /F (${OUTSIDE}-movie.mov) /Aspect [320 240] >> >>`,
      /* 12 */ '<< /Type /Outlines /First 15 0 R /Last 16 0 R /Count 3 >>',
      /* 13 */ '<< /Producer (externalActionsPdf) >>',
      /* 14 */ stream('', 'BT /F1 12 Tf 10 390 Td (Actions everywhere) Tj ET'),
      /* 15 */ `<< /Title (Start) /Parent 12 0 R /Next 16 0 R /A ${chain('bookmark')} >>`,
      /* 16 */ `<< /Title (More) /Parent 12 0 R /Prev 15 0 R /First 17 0 R /Last 17 0 R /Count 1 /A ${chain('next bookmark')} >>`,
      /* 17 */ `<< /Title (Inner) /Parent 16 0 R /A ${chain('nested bookmark')} >>`,
      /* 18 */ stream(`/Type /Sound /R 8000 /F (${OUTSIDE}-sound.wav)`, ''),
      /* 19 */ '<< /Type /Annot /Subtype /Screen /Rect [250 100 350 180] /P 3 0 R /A << /S /Rendition /OP 0 /AN 19 0 R ' +
        '/R << /S /MR /C << /S /MCD /CT (audio/wav) /D << /Type /Filespec /F (chime.wav) /UF (chime.wav) /EF << /F 20 0 R >> >> >> >> >> >>',
      /* 20 */ stream('/Type /EmbeddedFile /Subtype /audio#2Fwav', 'RIFF....WAVEfmt '),
    ],
    '/Info 13 0 R',
  );
  return withTempDir((dir) => {
    const [input, output] = [join(dir, 'in.pdf'), join(dir, 'out.pdf')];
    writeFileSync(input, written);
    execFileSync('qpdf', ['--object-streams=generate', input, output]);
    return readFileSync(output);
  });
}

/** Runs a Poppler or qpdf command on the PDF and answers its stdout (qpdf's exit 3, warnings, is success). */
export function read(pdf: Buffer, command: string, args: (file: string) => string[]): string {
  return withTempDir((dir) => {
    const file = join(dir, 'x.pdf');
    writeFileSync(file, pdf);
    try {
      return execFileSync(command, args(file), { encoding: 'latin1', maxBuffer: 256 * 1024 * 1024 });
    } catch (error) {
      const e = error as { status?: number; stdout?: string };
      if (command === 'qpdf' && e.status === 3 && e.stdout) return e.stdout;
      throw error;
    }
  });
}

/** The file as qpdf writes it for reading: every stream decoded, no object streams. */
export const plainText = (pdf: Buffer) => read(pdf, 'qpdf', (f) => ['--qdf', '--object-streams=disable', f, '-']);

/** The `where` of every `app.alert('<where>')` left anywhere in the file, sorted. */
export const scripts = (pdf: Buffer) => [...plainText(pdf).matchAll(/app\.alert\\?\('([^']*)'/g)].map((m) => m[1]).sort();

/** qpdf's JSON, read loosely: tests look into it by key. */
type Json = any;

/** The file's objects as `qpdf --json` lists them, with references followed. */
export function objectsOf(pdf: Buffer) {
  const [, objects] = JSON.parse(read(pdf, 'qpdf', (f) => ['--json=2', '--json-key=qpdf', '--json-stream-data=none', f])).qpdf as [
    unknown,
    Record<string, Json>,
  ];
  const resolve = (value: Json): Json => {
    if (typeof value !== 'string' || !/^\d+ \d+ R$/.test(value)) return value;
    const entry = objects[`obj:${value}`];
    return entry?.value ?? entry?.stream?.dict;
  };
  const catalog = resolve(objects.trailer.value['/Root']);
  const page = resolve(resolve(catalog['/Pages'])['/Kids'][0]);
  const annotations: Json[] = (resolve(page['/Annots']) ?? []).map(resolve);
  /** Every dictionary anywhere in the file, nested ones included. */
  const dicts: Json[] = [];
  const walk = (value: Json) => {
    if (value === null || typeof value !== 'object') return;
    if (!Array.isArray(value)) dicts.push(value);
    Object.values(value).forEach(walk);
  };
  Object.values(objects).forEach((entry) => walk(entry.value ?? entry.stream?.dict));
  return { objects, resolve, catalog, page, annotations, dicts, trailer: objects.trailer.value };
}

/** Whether each thing a flag names is still in the file, each read by Poppler or qpdf. */
export function present(pdf: Buffer) {
  const text = plainText(pdf);
  const { dicts } = objectsOf(pdf);
  return {
    javaScript: scripts(pdf).length > 0 || dicts.some((d) => d['/S'] === '/JavaScript' || '/JS' in d),
    embeddedFiles: !/^0 embedded files/.test(read(pdf, 'pdfdetach', (f) => ['-list', f])) || dicts.some((d) => '/EF' in d),
    xmpMetadata: /document xmp|page xmp|image xmp/.test(text) || read(pdf, 'pdfinfo', (f) => ['-meta', f]).includes('xmpmeta'),
    documentInfo: /Author:\s+Jane Secret/.test(read(pdf, 'pdfinfo', (f) => [f])),
    externalLinks: /tracker\.example|calc\.exe/.test(text) || dicts.some((d) => d['/S'] === '/URI' || d['/S'] === '/Launch'),
    embeddedFonts: /DejaVuSansMono\s+TrueType\s+WinAnsi\s+yes/.test(read(pdf, 'pdffonts', (f) => [f])),
  };
}

/** `present` of `activeContentPdf()` as made: all of it there. */
export const EVERYTHING = { javaScript: true, embeddedFiles: true, xmpMetadata: true, documentInfo: true, externalLinks: true, embeddedFonts: true };
