import { sanitizeTool } from '@folio/registry';
import {
  ACTION_PLACES,
  activeContentPdf,
  EVERYTHING,
  EXTERNAL_KINDS,
  externalActionsPdf,
  objectsOf,
  OUTSIDE,
  plainText,
  present,
  read,
  scripts,
} from '../../../test/support/active-content-pdfs';
import { postTool, type Upload } from '../../../test/support/http';
import { writePdf } from '../../../test/support/pdf-writer';
import { CORRUPT_PDF, encryptPdf, isEncrypted, makePdf, pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

/** Every flag off: the request a client sends to change one thing at a time. */
const ALL_OFF = {
  removeJavaScript: false,
  removeEmbeddedFiles: false,
  removeXMPMetadata: false,
  removeDocumentInfoMetadata: false,
  removeLinks: false,
  removeFonts: false,
};

/** The page as pixels (grey, 50 dpi): what a reader sees. */
const pixels = (pdf: Buffer) => read(pdf, 'pdftoppm', (f) => ['-gray', '-r', '50', f]);

describe('Sanitize PDF (/api/v1/security/sanitize-pdf)', () => {
  const server = useTestServer();
  let hostile: Upload;
  beforeAll(() => {
    hostile = { name: 'report.pdf', content: activeContentPdf() };
  });
  const sanitize = (fields: Record<string, boolean | string>, upload = hostile) => postTool(server, sanitizeTool.endpoint, [upload], fields);

  it('starts from a fixture that carries all six kinds of content', () => {
    expect(present(hostile.content)).toEqual(EVERYTHING);
    expect(scripts(hostile.content)).toEqual(
      ['bookmark', 'chained', 'document script', 'format', 'keystroke', 'link', 'mouse enter', 'open', 'page open', 'rendition', 'will close'].sort(),
    );
    expect(read(hostile.content, 'pdfdetach', (f) => ['-list', f])).toMatch(/2 embedded files\n1: secret.txt\n2: payload.txt/);
  });

  it('with no flags sent, removes JavaScript and embedded files (the spec’s defaults) and nothing else', async () => {
    const res = await postTool(server, sanitizeTool.endpoint, [hostile]);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('report_sanitized.pdf');
    expect(present(res.body)).toEqual({ ...EVERYTHING, javaScript: false, embeddedFiles: false });
    expect(pageTexts(res.body)).toEqual(pageTexts(hostile.content));
  });

  it('with every flag off, changes nothing a reader can see', async () => {
    const res = await sanitize(ALL_OFF);
    expect(res.status).toBe(200);
    expect(present(res.body)).toEqual(EVERYTHING);
    expect(scripts(res.body)).toEqual(scripts(hostile.content));
    expect(pixels(res.body)).toEqual(pixels(hostile.content));
  });

  it.each([
    ['removeJavaScript', 'javaScript'],
    ['removeEmbeddedFiles', 'embeddedFiles'],
    ['removeXMPMetadata', 'xmpMetadata'],
    ['removeDocumentInfoMetadata', 'documentInfo'],
    ['removeMetadata', 'documentInfo'],
    ['removeLinks', 'externalLinks'],
    ['removeFonts', 'embeddedFonts'],
  ])('%s alone removes exactly its kind of content', async (flag, kind) => {
    // removeMetadata is the reference's name for removeDocumentInfoMetadata: sent instead of it, not beside it.
    const { removeDocumentInfoMetadata, ...othersOff } = ALL_OFF;
    const fields = flag === 'removeMetadata' ? othersOff : { ...othersOff, removeDocumentInfoMetadata };
    const res = await sanitize({ ...fields, [flag]: true });
    expect(res.status).toBe(200);
    expect(present(res.body)).toEqual({ ...EVERYTHING, [kind]: false });
    // The page text survives every flag, embedded fonts removed or not.
    expect(pageTexts(res.body)).toEqual(pageTexts(hostile.content));
  });

  it('removes JavaScript from every place it hides, and keeps the actions around it', async () => {
    const res = await sanitize({ ...ALL_OFF, removeJavaScript: true });
    expect(scripts(res.body)).toEqual([]);
    const { catalog, annotations, resolve, dicts } = objectsOf(res.body);
    expect(resolve(catalog['/Names'])?.['/JavaScript']).toBeUndefined();
    expect(catalog['/AA']).toBeUndefined();
    // The go-to chained after the open action's script now opens the document.
    expect(resolve(catalog['/OpenAction'])).toMatchObject({ '/S': '/GoTo' });
    const page = objectsOf(res.body).page;
    expect(Object.keys(resolve(page['/AA']))).toEqual(['/C']);
    const links = annotations.filter((a) => a['/Subtype'] === '/Link');
    expect(links.map((link) => resolve(link['/A'])?.['/S'])).toEqual(['/URI', '/Launch', '/GoTo', undefined]);
    expect(resolve(links[2]['/A'])['/Next']).toBeUndefined();
    const field = annotations.find((a) => a['/FT'] === '/Tx');
    expect(field).toMatchObject({ '/T': 'u:email', '/V': 'u:jane@example.com' });
    expect(field['/AA']).toBeUndefined();
    const square = annotations.find((a) => a['/Subtype'] === '/Square');
    expect(Object.keys(resolve(square['/AA']))).toEqual(['/X']);
    expect(resolve(resolve(square['/AA'])['/X'])).toEqual({ '/S': '/Rendition', '/OP': 0 });
    const bookmark = resolve(resolve(catalog['/Outlines'])['/First']);
    expect(bookmark).toMatchObject({ '/Title': 'u:Run me' });
    expect(bookmark['/A']).toBeUndefined();
    expect(dicts.some((d) => d['/S'] === '/JavaScript')).toBe(false);
  });

  it('drops an XFA form that holds scripts, and keeps one that does not', async () => {
    const xfaForm = (template: string) => {
      const stream = (data: string) => `<< /Length ${data.length} >>\nstream\n${data}\nendstream`;
      return writePdf([
        '<< /Type /Catalog /Pages 2 0 R /NeedsRendering true /AcroForm << /Fields [] /XFA [(template) 4 0 R (datasets) 5 0 R] >> >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
        stream(`<template xmlns="http://www.xfa.org/schema/xfa-template/3.3/"><subform name="form1">${template}</subform></template>`),
        stream('<xfa:datasets xmlns:xfa="http://www.xfa.org/schema/xfa-data/1.0/"><xfa:data/></xfa:datasets>'),
      ]);
    };
    const scripted = await sanitize(
      {},
      { name: 'xfa.pdf', content: xfaForm('<event activity="initialize"><script contentType="application/x-javascript">app.alert(\'xfa\');</script></event>') },
    );
    expect(scripted.status).toBe(200);
    const after = objectsOf(scripted.body);
    expect(after.resolve(after.catalog['/AcroForm'])).toEqual({ '/Fields': [] });
    expect(after.catalog['/NeedsRendering']).toBeUndefined();
    expect(scripts(scripted.body)).toEqual([]);

    const plain = await sanitize({}, { name: 'xfa.pdf', content: xfaForm('<field name="name"/>') });
    const kept = objectsOf(plain.body);
    expect(kept.resolve(kept.catalog['/AcroForm'])['/XFA']).toHaveLength(4);
    expect(kept.catalog['/NeedsRendering']).toBe(true);
  });

  it('removes embedded files and their annotations, and keeps the other annotations', async () => {
    const res = await sanitize({ ...ALL_OFF, removeEmbeddedFiles: true });
    expect(read(res.body, 'pdfdetach', (f) => ['-list', f])).toMatch(/^0 embedded files/);
    expect(plainText(res.body)).not.toMatch(/secret attachment bytes|annotation payload bytes/);
    const { annotations, catalog, resolve } = objectsOf(res.body);
    expect(annotations.map((a) => a['/Subtype'])).toEqual(['/Text', '/Link', '/Link', '/Link', '/Link', '/Widget', '/Square']);
    expect(resolve(catalog['/Names'])).toEqual({ '/JavaScript': expect.any(String) });
  });

  it('removes the document’s, the page’s and the image’s XMP, and keeps the image and the document info', async () => {
    expect(plainText(hostile.content).match(/xmpmeta/g)).toHaveLength(6);
    const res = await sanitize({ ...ALL_OFF, removeXMPMetadata: true });
    expect(read(res.body, 'pdfinfo', (f) => [f])).toMatch(/Metadata Stream:\s+no/);
    expect(plainText(res.body)).not.toMatch(/xmpmeta/);
    expect(read(res.body, 'pdfimages', (f) => ['-list', f])).toMatch(/\n\s+1\s+0 image\s+2\s+1\s+gray/);
    expect(pixels(res.body)).toEqual(pixels(hostile.content));
    expect(read(res.body, 'pdfinfo', (f) => [f])).toMatch(/Title:\s+Quarterly report/);
  });

  it('empties the document info, and keeps the XMP', async () => {
    const res = await sanitize({ ...ALL_OFF, removeDocumentInfoMetadata: true });
    const info = read(res.body, 'pdfinfo', (f) => [f]);
    expect(info).not.toMatch(/^(Title|Author|Producer):/m);
    expect(info).toMatch(/Metadata Stream:\s+yes/);
    const { trailer, resolve } = objectsOf(res.body);
    expect(resolve(trailer['/Info']) ?? {}).toEqual({});
  });

  it('removes web, program and other-file links; the link areas and in-document links stay', async () => {
    const res = await sanitize({ ...ALL_OFF, removeLinks: true });
    const { annotations, resolve } = objectsOf(res.body);
    const links = annotations.filter((a) => a['/Subtype'] === '/Link');
    expect(links).toHaveLength(4);
    expect(links.map((link) => resolve(link['/A'])?.['/S'])).toEqual([undefined, undefined, '/GoTo', '/JavaScript']);
    expect(pixels(res.body)).toEqual(pixels(hostile.content));
  });

  describe('removes every action that leaves the document or fetches anything, wherever it lives', () => {
    /** The action types left in the file, read from qpdf's fully decompressed output. */
    const actionTypes = (pdf: Buffer) => [...plainText(pdf).matchAll(/^\s*\/S (\/\w+)$/gm)].map((m) => m[1]);
    const count = (types: string[], type: string) => types.filter((t) => t === type).length;
    let planted: Buffer;
    beforeAll(() => {
      planted = externalActionsPdf();
    });

    it('starts from a fixture with each kind in each place', () => {
      const types = actionTypes(planted);
      // Each place holds every kind once (the web address beside each go-to makes one more URI), and one go-to.
      for (const kind of EXTERNAL_KINDS)
        expect([kind, count(types, kind)]).toEqual([kind, ACTION_PLACES.length * (kind === '/URI' ? 2 : 1) + (kind === '/Rendition' ? 1 : 0)]);
      expect(count(types, '/GoTo')).toBe(ACTION_PLACES.length);
      expect(plainText(planted)).toContain(OUTSIDE);
    });

    it('with every flag on: none is left, no outside address either; each place keeps its in-document go-to', async () => {
      const every = Object.fromEntries(Object.keys(ALL_OFF).map((flag) => [flag, true]));
      const res = await sanitize(every, { name: 'actions.pdf', content: planted });
      expect(res.status).toBe(200);
      const types = actionTypes(res.body);
      for (const kind of [...EXTERNAL_KINDS, '/JavaScript']) expect([kind, count(types, kind)]).toEqual([kind, 0]);
      expect(plainText(res.body)).not.toContain(OUTSIDE);
      const { catalog, annotations, resolve, dicts } = objectsOf(res.body);
      const pageRef = resolve(catalog['/Pages'])['/Kids'][0];
      const goTos = dicts.filter((d) => d['/S'] === '/GoTo');
      expect(goTos).toHaveLength(ACTION_PLACES.length);
      for (const goTo of goTos) expect(goTo).toEqual({ '/S': '/GoTo', '/D': [pageRef, '/Fit'] });
      expect(resolve(catalog['/OpenAction'])['/S']).toBe('/GoTo');
      const link = annotations.find((a) => a['/Subtype'] === '/Link');
      expect([resolve(link['/A'])['/S'], resolve(link['/PA'])['/S']]).toEqual(['/GoTo', '/GoTo']);
      const nested = resolve(resolve(resolve(catalog['/Outlines'])['/Last'])['/First']);
      expect(nested).toMatchObject({ '/Title': 'u:Inner' });
      expect(resolve(nested['/A'])['/S']).toBe('/GoTo');
      // The movie annotation plays an outside file: it goes; the other annotations stay.
      expect(annotations.map((a) => a['/Subtype'])).toEqual(['/Link', '/Square', '/Screen', '/Widget', '/Widget', '/Widget', '/Screen']);
      expect(read(res.body, 'qpdf', (f) => ['--check', f])).toMatch(/No syntax or stream encoding errors/);
    });

    it('alone: media carried inside the file still plays', async () => {
      const res = await sanitize({ ...ALL_OFF, removeLinks: true }, { name: 'actions.pdf', content: planted });
      const types = actionTypes(res.body);
      for (const kind of EXTERNAL_KINDS) expect([kind, count(types, kind)]).toEqual([kind, kind === '/Rendition' ? 1 : 0]);
      expect(count(types, '/GoTo')).toBe(ACTION_PLACES.length);
      expect(plainText(res.body)).not.toContain(OUTSIDE);
      expect(plainText(res.body)).toContain('RIFF....WAVEfmt');
    });
  });

  it('removes embedded font programs; the text is still there, drawn in a substitute', async () => {
    const res = await sanitize({ ...ALL_OFF, removeFonts: true });
    expect(read(res.body, 'pdffonts', (f) => [f])).toMatch(/DejaVuSansMono\s+TrueType\s+WinAnsi\s+no/);
    expect(res.body.length).toBeLessThan(hostile.content.length / 4);
    expect(pageTexts(res.body)[0]).toContain('Quarterly report');
    // Something is still drawn where the title was.
    expect(pixels(res.body)).not.toEqual(pixels(await makePdf(1)));
  });

  it('keeps the page as it looks when fonts are kept, whatever else is removed', async () => {
    const res = await sanitize({
      removeJavaScript: true,
      removeEmbeddedFiles: false,
      removeXMPMetadata: true,
      removeDocumentInfoMetadata: true,
      removeLinks: true,
      removeFonts: false,
    });
    expect(read(res.body, 'pdffonts', (f) => [f])).toMatch(/DejaVuSansMono\s+TrueType\s+WinAnsi\s+yes/);
    expect(pixels(res.body)).toEqual(pixels(hostile.content));
  });

  it('does not keep what earlier revisions or unreferenced objects held', async () => {
    expect(hostile.content.toString('latin1')).toContain('earlier revision');
    const res = await sanitize({});
    expect(res.body.toString('latin1')).not.toContain('earlier revision');
  });

  it('keeps an owner-password file’s encryption, as the reference does', async () => {
    const locked = { name: 'locked.pdf', content: encryptPdf(activeContentPdf(), '') };
    const res = await sanitize({}, locked);
    expect(res.status).toBe(200);
    expect(isEncrypted(res.body)).toBe(true);
    expect(present(res.body)).toEqual({ ...EVERYTHING, javaScript: false, embeddedFiles: false });
  });

  it('answers an ordinary PDF with the same pages', async () => {
    const plain = await makePdf(3, { label: 'plain' });
    const res = await sanitize(
      { removeXMPMetadata: true, removeDocumentInfoMetadata: true, removeLinks: true, removeFonts: true },
      { name: 'plain.pdf', content: plain },
    );
    expect(res.status).toBe(200);
    expect(pageTexts(res.body)).toEqual(['plain page 1', 'plain page 2', 'plain page 3']);
  });

  it.each([['a flag that is not a boolean', { removeJavaScript: 'maybe' }, 'Remove JavaScript: expected true or false.']])(
    'refuses %s',
    async (_, fields, detail) => {
      const res = await sanitize(fields);
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe(detail);
    },
  );

  it('refuses a file that needs a password, a damaged file and no file', async () => {
    const locked = await sanitize({}, { name: 'locked.pdf', content: encryptPdf(await makePdf(1), 'user-secret') });
    expect(locked.status).toBe(400);
    expect(locked.json.detail).toBe('The PDF Document is passworded and either the password was not provided or was incorrect');
    const damaged = await sanitize({}, { name: 'bad.pdf', content: CORRUPT_PDF });
    expect(damaged.status).toBe(400);
    const none = await postTool(server, sanitizeTool.endpoint, []);
    expect(none.status).toBe(400);
    expect(none.json.detail).toBe('Please upload a PDF file.');
  });
});
