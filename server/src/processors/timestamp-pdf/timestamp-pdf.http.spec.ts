import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signCertificateTool, timestampPdfTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { encryptPdf, isEncrypted, makePdf, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { pdfsig, signedBytes, signingKeys, TEST_KEY_PASSWORD } from '../../../test/support/signing-keys';
import { startTestTsa, type TestTsa } from '../../../test/support/test-tsa';
import { useTestServer, type TestServer } from '../../../test/support/test-server';

const ENV = ['FOLIO_TSA_URLS', 'FOLIO_TSA_CA_FILE', 'FOLIO_TSA_TIMEOUT_MS'] as const;

/** OpenSSL's own check of a timestamp token over `data`, against `caFile`: its output, or its error. */
function opensslTsVerify(token: Buffer, data: Buffer, caFile: string): string {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'token.der'), token);
    writeFileSync(join(dir, 'data.bin'), data);
    try {
      return execFileSync('openssl', ['ts', '-verify', '-token_in', '-in', 'token.der', '-data', 'data.bin', '-CAfile', caFile], {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      return `FAILED ${(error as { stderr?: string }).stderr ?? ''}`;
    }
  });
}

/** qpdf's JSON object dictionaries of a PDF. */
function signatureDictionaries(pdf: Buffer): Record<string, unknown>[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const objects = JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=qpdf', join(dir, 'x.pdf')], { encoding: 'utf8' })).qpdf[1];
    return Object.values(objects as Record<string, { value?: Record<string, unknown> }>)
      .map((entry) => entry.value)
      .filter((value): value is Record<string, unknown> => !!value && typeof value === 'object' && '/ByteRange' in value);
  });
}

describe('Timestamp PDF (/api/v1/security/timestamp-pdf)', () => {
  jest.setTimeout(60_000);
  const server = useTestServer();
  let tsa: TestTsa;
  const saved: Partial<Record<(typeof ENV)[number], string>> = {};

  beforeAll(async () => {
    tsa = await startTestTsa();
    for (const key of ENV) saved[key] = process.env[key];
  });
  afterAll(async () => {
    for (const key of ENV) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    await tsa.close();
  });
  beforeEach(() => {
    process.env.FOLIO_TSA_URLS = `${tsa.origin}/tsr, ${tsa.origin}/untrusted,${tsa.origin}/wrong-nonce ${tsa.origin}/wrong-imprint ${tsa.origin}/garbage ${tsa.origin}/error ${tsa.origin}/redirect ${tsa.origin}/huge ${tsa.origin}/slow ${tsa.downUrl}`;
    process.env.FOLIO_TSA_CA_FILE = tsa.caFile;
    delete process.env.FOLIO_TSA_TIMEOUT_MS;
  });

  const stamp = async (content: Buffer, fields: Record<string, string> = {}, srv: TestServer = server) =>
    postTool(srv, timestampPdfTool.endpoint, [{ name: 'report.pdf', content }], fields);

  it('adds an RFC 3161 document timestamp as an incremental update, which pdfsig lists and OpenSSL verifies against the TSA’s CA', async () => {
    const original = await makePdf(2);
    const res = await stamp(original);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.fileName).toBe('report_timestamped.pdf');
    // Incremental: the original bytes are untouched, the update follows them.
    expect(res.body.subarray(0, original.length).equals(original)).toBe(true);
    expect(pageTexts(res.body)).toEqual(pageTexts(original));

    const [dictionary] = signatureDictionaries(res.body);
    expect(dictionary).toMatchObject({ '/Type': '/DocTimeStamp', '/Filter': '/Adobe.PPKLite', '/SubFilter': '/ETSI.RFC3161' });

    const signatures = pdfsig(res.body);
    expect(signatures).toHaveLength(1);
    // Poppler lists the timestamp with its signer (it names the type 'unknown' and does not validate ETSI.RFC3161: OpenSSL does below).
    expect(signatures[0].signerName).toBe('Folio Test TSA');
    expect(signatures[0].totalDocumentSigned).toBe(true);
    const token = signatures[0].der!;
    expect(opensslTsVerify(token, signedBytes(res.body, signatures[0].ranges), tsa.caFile)).toContain('Verification: OK');
    // Over other bytes the token does not hold.
    expect(opensslTsVerify(token, Buffer.from('other'), tsa.caFile)).toContain('FAILED');
  });

  it('sends only the hash to the default authority (the first allowed) and accepts an allowed tsaUrl written differently', async () => {
    const before = tsa.received.length;
    const upper = `${tsa.origin.replace('http://', 'HTTP://')}/tsr?ignored=1`;
    const res = await stamp(await makePdf(1), { tsaUrl: upper });
    expect(res.status).toBe(200);
    expect(tsa.received.slice(before)).toEqual(['/tsr']);
  });

  it('refuses a tsaUrl outside the allowed list with the reference’s 400, sending nothing', async () => {
    const before = tsa.received.length;
    const res = await stamp(await makePdf(1), { tsaUrl: 'http://timestamp.digicert.com' });
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('TSA URL is not in the allowed list. Contact your administrator to add it (FOLIO_TSA_URLS).');
    // Another path on the same host is another authority.
    expect((await stamp(await makePdf(1), { tsaUrl: `${tsa.origin}/TSR` })).status).toBe(400);
    expect(tsa.received.length).toBe(before);
  });

  it('says plainly that timestamps are off when the operator has configured no authority', async () => {
    delete process.env.FOLIO_TSA_URLS;
    const res = await stamp(await makePdf(1));
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/^Timestamps are not configured on this server/);
  });

  it.each([
    ['untrusted', /token could not be trusted: self-signed certificate in certificate chain/],
    ['wrong-nonce', /without the nonce sent/],
    ['wrong-imprint', /message imprint mismatch/],
    ['garbage', /did not answer with an RFC 3161 timestamp response/],
    ['error', /answered HTTP 500/],
    ['redirect', /answered HTTP 302 \(redirects are not followed\)/],
    ['huge', /answered more than 1024 KB/],
  ])('refuses what a bad authority answers (%s) with a 400 that says why', async (path, message) => {
    const before = tsa.received.length;
    const res = await stamp(await makePdf(1), { tsaUrl: `${tsa.origin}/${path}` });
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(message);
    // A redirect is not followed.
    expect(tsa.received.slice(before)).toEqual([`/${path}`]);
  });

  it('gives up on an authority that does not answer within FOLIO_TSA_TIMEOUT_MS, and on one that is down', async () => {
    process.env.FOLIO_TSA_TIMEOUT_MS = '1500';
    const started = Date.now();
    const slow = await stamp(await makePdf(1), { tsaUrl: `${tsa.origin}/slow` });
    expect(slow.status).toBe(400);
    expect(slow.json.detail).toMatch(/did not answer within 2 s/);
    expect(Date.now() - started).toBeLessThan(10_000);

    const down = await stamp(await makePdf(1), { tsaUrl: tsa.downUrl });
    expect(down.status).toBe(400);
    expect(down.json.detail).toMatch(/could not be reached \(ECONNREFUSED\)/);
  });

  it('refuses the token of a good authority when the trust anchors are the system’s, which do not know its CA', async () => {
    delete process.env.FOLIO_TSA_CA_FILE;
    const res = await stamp(await makePdf(1));
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/could not be trusted/);
  });

  it('keeps an earlier signature valid: the timestamp is appended after it', async () => {
    const keys = signingKeys();
    const signed = await postTool(
      server,
      signCertificateTool.endpoint,
      [
        { name: 'contract.pdf', content: await makePdf(1) },
        { field: 'p12File', name: 'signer.p12', content: keys.selfSigned.p12, contentType: 'application/x-pkcs12' },
      ],
      { certType: 'PKCS12', password: TEST_KEY_PASSWORD },
    );
    expect(signed.status).toBe(200);
    const res = await stamp(signed.body);
    expect(res.status).toBe(200);
    const signatures = pdfsig(res.body);
    expect(signatures.map((s) => s.signerName)).toEqual(['Folio Test Signer', 'Folio Test TSA']);
    expect(signatures[0].type).toBe('adbe.pkcs7.detached');
    expect(signatures[0].validation).toBe('Signature is Valid.');
    expect(signatures[0].totalDocumentSigned).toBe(false);
    expect(signatures[1].totalDocumentSigned).toBe(true);
  });

  it('timestamps an owner-password-only PDF once qpdf has rewritten it without its encryption', async () => {
    const res = await stamp(encryptPdf(await makePdf(1), '', 'owner-only'));
    expect(res.status).toBe(200);
    expect(isEncrypted(res.body)).toBe(false);
    const [signature] = pdfsig(res.body);
    expect(opensslTsVerify(signature.der!, signedBytes(res.body, signature.ranges), tsa.caFile)).toContain('Verification: OK');
  });

  it('refuses a PDF encrypted with a user password with the standard 400', async () => {
    const res = await stamp(encryptPdf(await makePdf(1), 'user-secret'));
    expect(res.status).toBe(400);
    expect(res.json.type).toBe('/errors/pdf-password');
  });

  it('runs as a pipeline step', async () => {
    const definition = { name: 'Stamp', pipeline: [{ operation: timestampPdfTool.endpoint, parameters: {} }] };
    const res = await postTool(server, '/api/v1/pipeline/handleData', [{ name: 'report.pdf', content: await makePdf(1) }], {
      json: JSON.stringify(definition),
    });
    expect(res.status).toBe(200);
    const signatures = pdfsig(res.body);
    expect(signatures.map((s) => s.signerName)).toEqual(['Folio Test TSA']);
    expect(opensslTsVerify(signatures[0].der!, signedBytes(res.body, signatures[0].ranges), tsa.caFile)).toContain('Verification: OK');
  });
});
