import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileToPdfTool } from '@folio/registry';
import { solidPng } from './support/html-documents';
import { postTool, type ToolResponse } from './support/http';
import { flatOdt, officeFixture } from './support/office-fixtures';
import { pageTexts } from './support/pdfs';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Engines confined to their own job (engines/confinement.ts): documents that
 * try to read another visitor's in-flight upload, files planted in /tmp, to
 * write outside their job or to list folders get nothing, whichever engine
 * reads them (Ghostscript for PostScript, LibreOffice for RTF, DOC and ODT).
 */
jest.setTimeout(120_000);

describe('engines see only their own job', () => {
  let server: TestServer;
  /** Stands for a request in flight beside ours: a folder in the same work folder. */
  let otherJob: string;
  const SECRET_UPLOAD = 'OTHER-VISITOR-UPLOAD-51c2';
  const SECRET_TMP = 'PLANTED-IN-TMP-8e0d';
  const planted = join(tmpdir(), `folio-planted-${process.pid}`);
  /** Pictures of sizes nothing else in these documents has, so finding one in a result means it leaked. */
  const OTHER_PICTURE = '37x23';
  const TMP_PICTURE = '41x19';
  const written = join(tmpdir(), `folio-ps-wrote-${process.pid}`);

  beforeAll(async () => {
    server = await startTestServer();
    otherJob = join(server.config.workDir, 'req-other-visitor');
    mkdirSync(otherJob, { recursive: true });
    writeFileSync(join(otherJob, 'upload.txt'), `${SECRET_UPLOAD}\n`);
    writeFileSync(join(otherJob, 'upload.png'), solidPng(37, 23, [200, 30, 30]));
    mkdirSync(planted, { recursive: true });
    writeFileSync(join(planted, 'secret.txt'), `${SECRET_TMP}\n`);
    writeFileSync(join(planted, 'secret.png'), solidPng(41, 19, [30, 30, 200]));
  });
  afterAll(async () => {
    rmSync(otherJob, { recursive: true, force: true });
    rmSync(planted, { recursive: true, force: true });
    rmSync(written, { force: true });
    await server.close();
  });
  afterEach(async () => {
    // Only the stand-in for the other visitor's request may be left, once the last job's folder is swept
    // (polled: on a loaded machine the sweep comes later than a fixed pause).
    const end = Date.now() + 5_000;
    while (server.leftovers().length > 1 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.leftovers()).toEqual(['req-other-visitor']);
  });

  const convert = (name: string, content: string | Buffer) =>
    postTool(server, fileToPdfTool.endpoint, [{ name, content: Buffer.from(content), contentType: 'application/octet-stream' }]);

  const pictureSizes = (pdf: Buffer): string[] =>
    execFileSync('pdfimages', ['-list', '-'], { input: pdf })
      .toString()
      .trim()
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
      .map((columns) => `${columns[3]}x${columns[4]}`);

  /** A PDF with none of the planted text or pictures in it. */
  function expectNothingLeaked(res: ToolResponse): string {
    expect(res.status).toBe(200);
    const text = pageTexts(res.body).join('\n');
    expect(text).not.toContain(SECRET_UPLOAD);
    expect(text).not.toContain(SECRET_TMP);
    expect(text).not.toContain('req-other-visitor');
    expect(text).not.toContain(`folio-planted-${process.pid}`);
    expect(pictureSizes(res.body)).not.toContain(OTHER_PICTURE);
    expect(pictureSizes(res.body)).not.toContain(TMP_PICTURE);
    return text;
  }

  it('PostScript cannot read another job or /tmp, write to /tmp, or list folders', async () => {
    const ps = `%!PS
/Helvetica findfont 9 scalefont setfont
/y 760 def
/say { 40 y moveto show /y y 11 sub def } def
(probe start) say
{ (${otherJob}/upload.txt) (r) file 100 string readstring pop say } stopped { (read other job: refused) say } if
{ (${planted}/secret.txt) (r) file 100 string readstring pop say } stopped { (read tmp: refused) say } if
{ (${written}) (w) file dup (written) writestring closefile (write tmp: done) say } stopped { (write tmp: refused) say } if
{ (${server.config.workDir}/*) { dup length string copy say } 256 string filenameforall } stopped { (list work: refused) say } if
{ (${tmpdir()}/*) { dup length string copy say } 256 string filenameforall } stopped { (list tmp: refused) say } if
(probe end) say
showpage
`;
    const text = expectNothingLeaked(await convert('probe.ps', ps));
    expect(text).toContain('probe start');
    expect(text).toContain('probe end');
    expect(existsSync(written)).toBe(false);
  });

  const fieldsRtf = (picture: string, textFile: string) =>
    `{\\rtf1\\ansi{\\fonttbl{\\f0 Helvetica;}}\\f0 Linked picture: ` +
    `{\\field{\\*\\fldinst INCLUDEPICTURE "file://${picture}" \\\\d}{\\fldrslt }}` +
    ` Included text: {\\field{\\*\\fldinst INCLUDETEXT "${textFile}"}{\\fldrslt cached}}\\par RTF probe end\\par}`;

  it('RTF: INCLUDEPICTURE and INCLUDETEXT of another job’s upload load nothing', async () => {
    const text = expectNothingLeaked(await convert('fields.rtf', fieldsRtf(join(otherJob, 'upload.png'), join(otherJob, 'upload.txt'))));
    expect(text).toContain('RTF probe end');
  });

  it('RTF: INCLUDEPICTURE and INCLUDETEXT of files planted in /tmp load nothing', async () => {
    const text = expectNothingLeaked(await convert('tmp-fields.rtf', fieldsRtf(join(planted, 'secret.png'), join(planted, 'secret.txt'))));
    expect(text).toContain('RTF probe end');
  });

  const linkedOdt = (picture: string, textFile: string, label: string) =>
    flatOdt([label], {
      body:
        `<text:p><draw:frame draw:name="img" text:anchor-type="as-char" svg:width="2cm" svg:height="2cm"><draw:image xlink:href="file://${picture}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>` +
        `<text:section text:name="Leak"><text:section-source xlink:href="file://${textFile}" xlink:type="simple" text:filter-name="Text"/><text:p>cached section</text:p></text:section>`,
    });

  it('ODT: a linked picture and a linked section of another job load nothing', async () => {
    const odt = await officeFixture(linkedOdt(join(otherJob, 'upload.png'), join(otherJob, 'upload.txt'), 'ODT probe'), '.fodt', 'writer8', '.odt');
    expect(odt.subarray(0, 2).toString()).toBe('PK'); // the premise: a real, zipped ODT
    expect(expectNothingLeaked(await convert('links.odt', odt))).toContain('ODT probe');
  });

  it('DOC: a linked picture and an included file in /tmp load nothing', async () => {
    const doc = await officeFixture(fieldsRtf(join(planted, 'secret.png'), join(planted, 'secret.txt')), '.rtf', 'MS Word 97', '.doc');
    expect(doc.subarray(0, 4).toString('hex')).toBe('d0cf11e0'); // the premise: a Word 97 compound file
    expect(doc.toString('utf16le')).toContain(`folio-planted-${process.pid}`); // ... that still holds the links
    expect(expectNothingLeaked(await convert('links.doc', doc))).toContain('RTF probe end');
  });
});
