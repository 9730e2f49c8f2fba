import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyTool, FileTypeKey } from '@folio/registry';
import { ZipFile } from 'yazl';
import { QA_PDF_PAGES, SAMPLE_FILE_NAMES, sampleTypeOf, wrongTypeUpload, type QaCase, type QaUpload } from '../../../generators/src/qa-cases';
import { rar4, rar5 } from './comic-archives';
import { CORRUPT_PDF, encryptPdf, makePdf, withTempDir } from './pdfs';
import type { Upload } from './http';
import { postScriptPages, xpsOf, XPS_TRIANGLE_PAGE } from './vector-documents';
import { handMadeEpub } from './ebooks';

/** ImageMagick 6 by its full name: `convert` on the PATH may be a stand-in. */
const IMAGEMAGICK = '/usr/bin/convert-im6.q16';

/** A tiny picture with two colours, so converters have something to keep. */
function image(format: string): Buffer {
  return execFileSync(IMAGEMAGICK, ['-size', '12x8', 'xc:#2f6fdf', '-fill', '#f2b705', '-draw', 'rectangle 0,0 5,7', `${format}:-`]);
}

const SAMPLE_HTML =
  '<!doctype html><html><head><meta charset="utf-8"><title>QA sample</title></head><body><h1>QA sample page</h1><p>Folio sample paragraph.</p></body></html>\n';

const SAMPLE_EMAIL = [
  'From: Asha Rao <asha@example.com>',
  'To: Ravi Kumar <ravi@example.com>',
  'Subject: QA sample message',
  'Date: Mon, 06 Jan 2025 10:00:00 +0530',
  'Message-ID: <qa-sample@example.com>',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Folio sample e-mail body.',
  '',
].join('\r\n');

const SAMPLE_MARKDOWN = '# QA sample\n\nFolio sample paragraph with *emphasis*.\n\n## Second heading\n\n- one\n- two\n';

const SAMPLE_SVG = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#c00"/></svg>\n';
const SAMPLE_TEXT = 'QA sample document\nFolio sample line two.\n';

/** A ZIP holding `entries`, written in memory. */
export function zipOf(entries: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** The password of the sample Java key store (keytool wants six characters at least). */
export const SAMPLE_KEYSTORE_PASSWORD = 'qa-secret';

/**
 * A self-signed key and certificate, and key stores holding them, made with
 * OpenSSL and Java's keytool. The PKCS#12 sample has no password, so a request
 * that leaves the password out (the QA matrix's defaults) can sign with it.
 */
const keyMaterial = lazily(() =>
  withTempDir((dir) => {
    const at = (name: string) => join(dir, name);
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', at('key.pem'), '-out', at('cert.pem'), '-days', '30', '-subj', '/CN=Folio QA'],
      { stdio: 'ignore' },
    );
    const pkcs12 = (out: string, password: string) =>
      execFileSync('openssl', ['pkcs12', '-export', '-inkey', at('key.pem'), '-in', at('cert.pem'), '-out', at(out), '-passout', `pass:${password}`]);
    pkcs12('open.p12', '');
    pkcs12('store.p12', SAMPLE_KEYSTORE_PASSWORD);
    execFileSync(
      'keytool',
      [
        '-importkeystore',
        '-srckeystore',
        at('store.p12'),
        '-srcstoretype',
        'PKCS12',
        '-srcstorepass',
        SAMPLE_KEYSTORE_PASSWORD,
        '-destkeystore',
        at('store.jks'),
        '-deststoretype',
        'JKS',
        '-deststorepass',
        SAMPLE_KEYSTORE_PASSWORD,
        '-noprompt',
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(at('key.pem')),
      certificate: readFileSync(at('cert.pem')),
      pkcs12: readFileSync(at('open.p12')),
      jks: readFileSync(at('store.jks')),
    };
  }),
);

function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const MAKERS: Record<FileTypeKey, () => Buffer | Promise<Buffer>> = {
  pdf: () => makePdf(QA_PDF_PAGES, { label: 'QA sample' }),
  jpeg: () => image('jpeg'),
  png: () => image('png'),
  gif: () => image('gif'),
  bmp: () => image('bmp3'),
  tiff: () => image('tiff'),
  eml: () => Buffer.from(SAMPLE_EMAIL),
  msg: () => {
    throw new Error('No .msg sample can be written without Outlook; send tools that take .msg an .eml (sampleTypeOf does).');
  },
  html: () => Buffer.from(SAMPLE_HTML),
  svg: () => Buffer.from(SAMPLE_SVG),
  zip: () => zipOf({ 'index.html': SAMPLE_HTML }),
  cbz: () => zipOf({ 'page 2.png': image('png'), 'page 1.png': image('png') }),
  cbr: () =>
    rar4([
      ['page 1.png', image('png')],
      ['page 2.png', image('png')],
    ]),
  rar: () =>
    rar5([
      ['page 1.png', image('png')],
      ['page 2.png', image('png')],
    ]),
  postscript: () => postScriptPages(['QA sample page']),
  xps: () => xpsOf([XPS_TRIANGLE_PAGE]),
  ebook: () => handMadeEpub('QA sample', [{ title: 'QA sample chapter', paragraphs: ['A short paragraph.'] }]),
  markdown: () => Buffer.from(SAMPLE_MARKDOWN),
  pkcs12: () => keyMaterial().pkcs12,
  jks: () => keyMaterial().jks,
  privateKey: () => keyMaterial().key,
  certificate: () => keyMaterial().certificate,
  convertible: () => Buffer.from(SAMPLE_TEXT),
  anyFile: () => Buffer.from(SAMPLE_TEXT),
};

const made = new Map<FileTypeKey, Promise<Buffer>>();

/** A small valid file of `type` (made once per test file). */
export function sampleContent(type: FileTypeKey): Promise<Buffer> {
  let content = made.get(type);
  if (!content) {
    content = Promise.resolve().then(MAKERS[type]);
    made.set(type, content);
  }
  return content;
}

/** A valid upload for the tool: a sample of the first type it accepts that can be made. */
export async function sampleUpload(tool: AnyTool): Promise<Upload & { type: FileTypeKey }> {
  const type = sampleTypeOf(tool);
  return { name: SAMPLE_FILE_NAMES[type], content: await sampleContent(type), type };
}

/** A file none of the tool's accepted types match (see `wrongTypeUpload`). */
export async function wrongTypeSample(tool: AnyTool): Promise<Upload> {
  const { type, name } = wrongTypeUpload(tool);
  return { name, content: await sampleContent(type) };
}

/** The content of one QA upload (generators/src/qa-cases.ts), `sizeLimit` bytes being the server's limit. */
export async function qaUploadContent(upload: QaUpload, sizeLimit: number): Promise<Buffer> {
  switch (upload.kind) {
    case 'valid':
    case 'wrong-type':
      return sampleContent(upload.type);
    case 'empty':
      return Buffer.alloc(0);
    case 'corrupt':
      return CORRUPT_PDF;
    case 'encrypted':
      return encryptPdf(await sampleContent('pdf'), 'user-secret');
    case 'too-large':
      return Buffer.concat([await sampleContent(upload.type), Buffer.alloc(sizeLimit + 1024, 32)]);
  }
}

/** A QA upload as the parts a request carries, each under `field` (`fileInput` when left out). */
async function qaParts(upload: QaUpload, sizeLimit: number, field?: string): Promise<Upload[]> {
  const content = await qaUploadContent(upload, sizeLimit);
  return Array.from({ length: upload.count }, () => ({ name: upload.name, content, field }));
}

/** The parts for a QA case's `file` fields, each under its field's name. */
export async function qaFieldParts(fieldUploads: QaCase['fieldUploads'], sizeLimit: number): Promise<Upload[]> {
  return (await Promise.all(Object.entries(fieldUploads).map(([field, upload]) => qaParts(upload, sizeLimit, field)))).flat();
}

/** Every part of a QA case: its main files, then its file fields'. */
export async function qaCaseParts(c: Pick<QaCase, 'upload' | 'fieldUploads'>, sizeLimit: number): Promise<Upload[]> {
  return [...(await qaParts(c.upload, sizeLimit)), ...(await qaFieldParts(c.fieldUploads, sizeLimit))];
}

/** Structural tools (declared by the tool) get many requests in cross-tool suites; the others drive engines that take seconds. */
export function isStructuralTool(tool: AnyTool): boolean {
  return tool.structural === true;
}
