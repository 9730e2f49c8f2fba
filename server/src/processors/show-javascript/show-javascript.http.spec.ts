import { showJavascriptTool } from '@folio/registry';
import { activeContentPdf } from '../../../test/support/active-content-pdfs';
import { postTool } from '../../../test/support/http';
import { CORRUPT_PDF, encryptPdf, makePdf } from '../../../test/support/pdfs';
import { bigScriptPdf, formScriptsPdf, scriptBombPdf } from '../../../test/support/script-pdfs';
import { useTestServer } from '../../../test/support/test-server';

// Engines run on a machine shared with other jobs: seconds a request when it is busy.
jest.setTimeout(60_000);

/** The answer's scripts: each header line's "Script:" part and the code under it. */
function sections(text: string): { script: string; code: string }[] {
  return text
    .split(/^\/\/ File: [^\n]*?, Script: /m)
    .slice(1)
    .map((part) => {
      const newline = part.indexOf('\n');
      return { script: part.slice(0, newline), code: part.slice(newline + 1).replace(/\n$/, '') };
    });
}

describe('Show Javascript (/api/v1/misc/show-javascript)', () => {
  const server = useTestServer();
  const show = (content: Buffer, name = 'report.pdf') => postTool(server, showJavascriptTool.endpoint, [{ name, content }]);

  it('answers plain text named <upload name>.js', async () => {
    const res = await show(activeContentPdf());
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.fileName).toBe('report.pdf.js');
  });

  it('lists every script the file holds, once each', async () => {
    const pdf = activeContentPdf();
    const res = await show(pdf);
    const listed = [...res.body.toString('utf8').matchAll(/app\.alert\('([^']*)'\)/g)].map((m) => m[1]).sort();
    // Read independently: the fixture's objects are not compressed, so its bytes show every `app.alert\('<where>'\)` it holds.
    const inFile = [...pdf.toString('latin1').matchAll(/app\.alert\\\('([^']*)'\\\)/g)].map((m) => m[1]).sort();
    expect(inFile).toHaveLength(12);
    expect(listed).toEqual(inFile);
  });

  it('says where each script lives in a header line, the name tree’s in the reference’s own form first', async () => {
    const res = await show(activeContentPdf());
    const text = res.body.toString('utf8');
    expect(text.startsWith("// File: report.pdf, Script: init\napp.alert('document script');\n")).toBe(true);
    expect(sections(text)).toEqual([
      { script: 'init', code: "app.alert('document script');" },
      { script: 'Document, on open (/OpenAction)', code: "app.alert('open');" },
      { script: 'Document, before closing (/AA /WC)', code: "app.alert('will close');" },
      { script: 'Page 1, on open (/AA /O)', code: "app.alert('page open');" },
      { script: 'Page 1, link annotation 4, on activation (/A), chained action (/Next)', code: "app.alert('chained');" },
      { script: 'Page 1, link annotation 5, on activation (/A)', code: "app.alert('link');" },
      { script: 'Page 1, form field "email", keystroke (/AA /K)', code: "app.alert('keystroke');" },
      { script: 'Page 1, form field "email", format (/AA /F)', code: "app.alert('format');" },
      { script: 'Page 1, square annotation 7, on mouse enter (/AA /E)', code: "app.alert('mouse enter');" },
      { script: 'Page 1, square annotation 7, on mouse exit (/AA /X)', code: "app.alert('rendition');" },
      { script: 'Bookmark "Run me", on click (/A)', code: "app.alert('bookmark');" },
      { script: "Object 34 0, outside the document's pages, form, bookmarks and actions", code: "app.alert('earlier revision');" },
    ]);
  });

  it('reads scripts in compressed streams and UTF-16 strings, and a field’s validate and calculate scripts on the field its widgets share', async () => {
    const res = await show(formScriptsPdf(), 'form.pdf');
    expect(res.status).toBe(200);
    expect(sections(res.body.toString('utf8'))).toEqual([
      { script: 'helpers', code: "function total() {\n  // sums the two amounts\n  return this.getField('a').value + this.getField('b').value;\n}\n" },
      { script: 'greeting', code: "app.alert('Grüße, 世界');" },
      { script: 'Page 1, form field "sum", on mouse up (/AA /U)', code: 'app.beep(0);' },
      { script: 'Form field "sum", validate (/AA /V)', code: 'if (event.value < 0) event.rc = false;' },
      { script: 'Form field "sum", calculate (/AA /C)', code: 'event.value = total();' },
    ]);
  });

  it('answers a script of megabytes whole', async () => {
    const line = "console.println('a line of a very long generated script, number ');\n";
    const script = Buffer.from(line.repeat(Math.ceil((3 * 1024 * 1024) / line.length)));
    const res = await show(bigScriptPdf(script), 'big.pdf');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(script.length);
    expect(sections(res.body.toString('utf8'))).toEqual([{ script: 'big', code: script.toString('utf8') }]);
  });

  it('reads an owner-password file as if it were not encrypted', async () => {
    const pdf = formScriptsPdf();
    const plain = await show(pdf, 'form.pdf');
    const locked = await show(encryptPdf(pdf, ''), 'form.pdf');
    expect(locked.status).toBe(200);
    expect(locked.body.toString('utf8')).toBe(plain.body.toString('utf8'));
  });

  it('says so, as the reference does, when the file has no script', async () => {
    const res = await show(await makePdf(2), 'plain.pdf');
    expect(res.status).toBe(200);
    expect(res.body.toString('utf8')).toBe("PDF 'plain.pdf' does not contain Javascript");
  });

  describe('refuses', () => {
    it('a script stream that inflates past 32 MB, with a 400 that says so', async () => {
      const res = await show(scriptBombPdf(), 'bomb.pdf');
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('The scripts in "bomb.pdf" come to more than 32 MB; this tool shows up to that much.');
    });

    it('a damaged file, a file that needs a password, and a file that is not a PDF', async () => {
      const damaged = await show(CORRUPT_PDF);
      expect(damaged.status).toBe(400);
      expect(damaged.json).toMatchObject({ type: '/errors/pdf-corrupted', errorCode: 'E001' });
      const locked = await show(encryptPdf(await makePdf(1), 'user-secret'));
      expect(locked.status).toBe(400);
      expect(locked.json).toMatchObject({ type: '/errors/pdf-password', errorCode: 'E004' });
      const text = await show(Buffer.from('var x = 1;'), 'script.pdf');
      expect(text.status).toBe(400);
      expect(text.json).toMatchObject({ type: '/errors/invalid-file-type', detail: 'Please upload a PDF file.' });
    });
  });
});
