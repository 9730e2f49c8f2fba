import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appendRevision, writePdf } from './pdf-writer';
import { withTempDir } from './pdfs';

/**
 * Digitally signed PDFs, signed the way signing tools do it and with nothing
 * of ours: OpenSSL makes a self-signed key and certificate and the detached
 * CMS signature (adbe.pkcs7.detached) over the signature's byte range, each
 * signature in its own incremental update. Poppler's `pdfsig` verifies them.
 */

export interface Signer {
  /** PEM private key and certificate. */
  key: string;
  cert: string;
  /** The certificate, DER: a signed file carries these bytes inside its signatures. */
  certDer: Buffer;
}

export const SIGNER_NAME = 'Folio Test Signer';

let signer: Signer | undefined;

/** A self-signed RSA key and certificate (CN = SIGNER_NAME), made once per test file. */
export function testSigner(): Signer {
  signer ??= withTempDir((dir) => {
    const [key, cert, der] = ['key.pem', 'cert.pem', 'cert.der'].map((name) => join(dir, name));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '30', '-subj', `/CN=${SIGNER_NAME}`], {
      stdio: 'pipe',
    });
    execFileSync('openssl', ['x509', '-in', cert, '-outform', 'DER', '-out', der]);
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8'), certDer: readFileSync(der) };
  });
  return signer;
}

/** Room for the CMS signature, in bytes (written as twice as many hex digits). */
const SIGNATURE_ROOM = 8192;
const BYTE_RANGE_PLACEHOLDER = '/ByteRange [0 0000000000 0000000000 0000000000]';

/**
 * A signature dictionary with room for its value: `/Contents` zeros and a
 * `/ByteRange` placeholder that `signRevision` fills in.
 */
export function signatureDictionary(extra = ''): string {
  return `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /Name (${SIGNER_NAME}) /M (D:20240102030405Z) ${extra} ${BYTE_RANGE_PLACEHOLDER} /Contents <${'0'.repeat(SIGNATURE_ROOM * 2)}> >>`;
}

/**
 * Appends an incremental update holding `objects` (one of them a
 * `signatureDictionary()`), then signs it: the byte range is everything but
 * the signature's own /Contents, hashed and signed by OpenSSL (CMS, detached,
 * SHA-256, with signed attributes).
 */
export function signRevision(pdf: Buffer, objects: ReadonlyMap<number, string>, trailer: string, by = testSigner()): Buffer {
  const unsigned = appendRevision(pdf, objects, trailer);
  const text = unsigned.toString('latin1');
  const rangeAt = text.lastIndexOf(BYTE_RANGE_PLACEHOLDER);
  const contentsAt = text.indexOf('/Contents <', rangeAt) + '/Contents '.length;
  const contentsEnd = text.indexOf('>', contentsAt) + 1;
  const pad = (n: number) => String(n).padStart(10, '0');
  const range = `/ByteRange [0 ${pad(contentsAt)} ${pad(contentsEnd)} ${pad(unsigned.length - contentsEnd)}]`;
  unsigned.write(range, rangeAt, 'latin1');
  const signed = Buffer.concat([unsigned.subarray(0, contentsAt), unsigned.subarray(contentsEnd)]);
  const cms = withTempDir((dir) => {
    const [data, key, cert, out] = ['data.bin', 'key.pem', 'cert.pem', 'sig.der'].map((name) => join(dir, name));
    writeFileSync(data, signed);
    writeFileSync(key, by.key);
    writeFileSync(cert, by.cert);
    execFileSync('openssl', ['cms', '-sign', '-binary', '-in', data, '-signer', cert, '-inkey', key, '-md', 'sha256', '-outform', 'DER', '-out', out]);
    return readFileSync(out);
  });
  if (cms.length > SIGNATURE_ROOM) throw new Error(`signRevision: the signature (${cms.length} bytes) does not fit its room`);
  unsigned.write(cms.toString('hex').toUpperCase(), contentsAt + 1, 'latin1');
  return unsigned;
}

/** A widget appearance: a form XObject of this size drawing `content`. */
function appearance(width: number, height: number, content: string): Buffer {
  return Buffer.from(
    `<< /Type /XObject /Subtype /Form /BBox [0 0 ${width} ${height}] /Resources << /Font << /F1 4 0 R >> >> /Length ${content.length} >>\nstream\n${content}\nendstream`,
  );
}

/**
 * A one-page contract with a text field (Name = Alice Example) and two
 * signature fields, both signed: "Signature1", visible (a box reading "Signed
 * by Folio Test Signer"), a certification signature (catalog /Perms /DocMDP);
 * and "Approval", invisible, the kid of a field "approvals" it takes its type
 * from. The second revision also adds a document security store (/DSS)
 * holding the certificate. Unsigned (`signed: false`): the same form before
 * signing, its signature fields empty.
 */
export function signedContract(options: { signed?: boolean } = {}): Buffer {
  const page = 'BT /F1 16 Tf 40 300 Td (Signed contract) Tj ET';
  const box = '0.9 0.9 1 rg 0 0 200 50 re f 0 0 0.6 RG 2 w 1 1 198 48 re S BT /F1 12 Tf 0 0 0.6 rg 10 20 Td (Signed by Folio Test Signer) Tj ET';
  const nameField = '/Tx BMC BT /F1 10 Tf 0 g 2 6 Td (Alice Example) Tj ET EMC';
  const form = writePdf([
    /* 1 */ '<< /Type /Catalog /Pages 2 0 R /AcroForm 8 0 R >>',
    /* 2 */ '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    /* 3 */ '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 400] /Resources << /Font << /F1 4 0 R >> >> /Contents 9 0 R /Annots [5 0 R 6 0 R 7 0 R] >>',
    /* 4 */ '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    /* 5 */ '<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature1) /Rect [40 40 240 90] /F 4 /P 3 0 R /AP << /N 10 0 R >> >>',
    /* 6 */ '<< /Type /Annot /Subtype /Widget /Parent 12 0 R /T (Approval) /Rect [0 0 0 0] /F 132 /P 3 0 R >>',
    /* 7 */ '<< /Type /Annot /Subtype /Widget /FT /Tx /T (Name) /V (Alice Example) /Rect [40 200 240 220] /F 4 /P 3 0 R /DA (/Helv 10 Tf 0 g) /AP << /N 11 0 R >> >>',
    /* 8 */ '<< /Fields [5 0 R 12 0 R 7 0 R] /DR << /Font << /Helv 4 0 R >> >> /DA (/Helv 0 Tf 0 g) >>',
    /* 9 */ `<< /Length ${page.length} >>\nstream\n${page}\nendstream`,
    /* 10 */ appearance(200, 50, box),
    /* 11 */ appearance(200, 20, nameField),
    /* 12 */ '<< /FT /Sig /T (approvals) /Kids [6 0 R] >>',
  ]);
  if (options.signed === false) return form;

  const certify = signRevision(
    form,
    new Map([
      [1, '<< /Type /Catalog /Pages 2 0 R /AcroForm 8 0 R /Perms << /DocMDP 13 0 R >> >>'],
      [5, '<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature1) /V 13 0 R /Rect [40 40 240 90] /F 4 /P 3 0 R /AP << /N 10 0 R >> >>'],
      [8, '<< /Fields [5 0 R 12 0 R 7 0 R] /SigFlags 3 /DR << /Font << /Helv 4 0 R >> >> /DA (/Helv 0 Tf 0 g) >>'],
      [
        13,
        signatureDictionary(
          '/Reason (Certified) /Reference [<< /Type /SigRef /TransformMethod /DocMDP /TransformParams << /Type /TransformParams /P 2 /V /1.2 >> >>]',
        ),
      ],
    ]),
    '/Size 14 /Root 1 0 R',
  );
  const der = testSigner().certDer;
  return signRevision(
    certify,
    new Map<number, string>([
      [1, '<< /Type /Catalog /Pages 2 0 R /AcroForm 8 0 R /Perms << /DocMDP 13 0 R >> /DSS << /Certs [15 0 R] >> >>'],
      [6, '<< /Type /Annot /Subtype /Widget /Parent 12 0 R /T (Approval) /V 14 0 R /Rect [0 0 0 0] /F 132 /P 3 0 R >>'],
      [14, signatureDictionary('/Reason (Approved)')],
      [15, `<< /Length ${der.length} >>\nstream\n${der.toString('latin1')}\nendstream`],
    ]),
    '/Size 16 /Root 1 0 R',
  );
}

/** What Poppler's pdfsig says of a file's signatures. */
export function pdfsig(pdf: Buffer): string {
  return withTempDir((dir) => {
    const file = join(dir, 'x.pdf');
    writeFileSync(file, pdf);
    try {
      return execFileSync('pdfsig', [file], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      // pdfsig exits 2 for a file without signatures; what it says is still the answer.
      const e = error as { stdout?: string; stderr?: string };
      return `${e.stdout ?? ''}${e.stderr ?? ''}`;
    }
  });
}

/** A value from qpdf's JSON written back in PDF syntax: names, references, numbers and booleans as they are, strings escaped. */
function pdfSyntax(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pdfSyntax).join(' ')}]`;
  if (value !== null && typeof value === 'object')
    return `<< ${Object.entries(value)
      .map(([key, v]) => `${key} ${pdfSyntax(v)}`)
      .join(' ')} >>`;
  if (typeof value === 'string' && value.startsWith('u:')) return `<FEFF${Buffer.from(value.slice(2), 'utf16le').swap16().toString('hex')}>`;
  if (typeof value === 'string' && value.startsWith('b:')) return `<${value.slice(2)}>`;
  return value === null ? 'null' : String(value);
}

/**
 * `signed` with an incremental update appended after its last signature, as
 * a forger would: a new content stream drawing `text` (Helvetica, 18 pt) on
 * page 1, and the page rewritten to draw it after its own content. Nothing
 * the signature covers is touched, so the signature itself still verifies.
 */
export function forgedAfterSigning(signed: Buffer, text = 'FORGED AFTER SIGNING'): Buffer {
  const listing = withTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), signed);
    return execFileSync('qpdf', ['--json=2', '--json-key=qpdf', '--json-stream-data=none', join(dir, 'in.pdf')], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
  });
  const [header, objects] = JSON.parse(listing).qpdf as [{ maxobjectid: number }, Record<string, { value?: any; stream?: { dict: any } }>];
  const resolve = (value: any): any =>
    typeof value === 'string' && / R$/.test(value) ? (objects[`obj:${value}`]?.value ?? objects[`obj:${value}`]?.stream?.dict) : value;
  const root = objects.trailer.value['/Root'];
  let pageRef: string = resolve(resolve(root)['/Pages'])['/Kids'][0];
  while (resolve(pageRef)['/Kids']) pageRef = resolve(pageRef)['/Kids'][0];
  const page = { ...resolve(pageRef) };
  const [content, font] = [header.maxobjectid + 1, header.maxobjectid + 2];
  const ops = `BT /FForged 18 Tf 20 20 Td (${text}) Tj ET`;
  const contents = page['/Contents'] === undefined ? [] : Array.isArray(resolve(page['/Contents'])) ? resolve(page['/Contents']) : [page['/Contents']];
  const resources = { ...resolve(page['/Resources'] ?? {}) };
  resources['/Font'] = { ...resolve(resources['/Font'] ?? {}), '/FForged': `${font} 0 R` };
  Object.assign(page, { '/Contents': [...contents, `${content} 0 R`], '/Resources': resources });
  return appendRevision(
    signed,
    new Map([
      [Number(pageRef.split(' ')[0]), pdfSyntax(page)],
      [content, `<< /Length ${ops.length} >>\nstream\n${ops}\nendstream`],
      [font, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'],
    ]),
    `/Size ${font + 1} /Root ${root}`,
  );
}
