import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * A timestamp authority on loopback for tests: OpenSSL's `ts -reply` behind a
 * small HTTP server, with its own CA and a TSA certificate whose critical
 * extendedKeyUsage is timeStamping (all made with OpenSSL in a temporary
 * folder, never with the code under test). Paths answer well or badly:
 *
 * - `/tsr`: a good answer, signed by the TSA under `caFile`
 * - `/untrusted`: a good answer from a TSA under another CA
 * - `/wrong-nonce`: a good token for the same data but another request's nonce
 * - `/wrong-imprint`: a good token over other data
 * - `/garbage`: bytes that are no RFC 3161 answer
 * - `/error`: HTTP 500; `/redirect`: 302 to /tsr; `/huge`: 2 MB
 * - `/slow`: never answers
 */

const run = promisify(execFile);

export interface TestTsa {
  /** e.g. 'http://127.0.0.1:40123' */
  origin: string;
  /** The CA the good TSA's certificate leads to (PEM). */
  caFile: string;
  /** A loopback URL nothing listens on. */
  downUrl: string;
  /** Requests received, by path. */
  received: string[];
  close(): Promise<void>;
}

const TSA_CONFIG = (dir: string, name: string) => `[tsa]
default_tsa = tsa_config
[tsa_config]
dir = ${dir}
serial = ${dir}/${name}.serial
crypto_device = builtin
signer_cert = ${dir}/${name}.crt
certs = ${dir}/${name}-ca.crt
signer_key = ${dir}/${name}.key
signer_digest = sha256
default_policy = 1.2.3.4.1
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = yes
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
`;

/** A CA and a TSA certificate under it, named `name`, in `dir`. */
function makeAuthority(dir: string, name: string, commonName: string): void {
  const openssl = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  openssl([
    'req',
    '-x509',
    ...ec,
    '-keyout',
    `${name}-ca.key`,
    '-out',
    `${name}-ca.crt`,
    '-subj',
    `/CN=${commonName} Root`,
    '-days',
    '3650',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  openssl(['req', ...ec, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${commonName}`]);
  writeFileSync(join(dir, `${name}.ext`), 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n');
  openssl([
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${name}-ca.crt`,
    '-CAkey',
    `${name}-ca.key`,
    '-CAcreateserial',
    '-out',
    `${name}.crt`,
    '-days',
    '3650',
    '-extfile',
    `${name}.ext`,
  ]);
  writeFileSync(join(dir, `${name}.serial`), '01\n');
  writeFileSync(join(dir, `${name}.cnf`), TSA_CONFIG(dir, name));
}

/** The SHA-256 imprint a DER query asks to be stamped. */
function imprintOf(query: Buffer): Buffer {
  const request = new pkijs.TimeStampReq({ schema: asn1js.fromBER(new Uint8Array(query).buffer).result });
  return Buffer.from(request.messageImprint.hashedMessage.valueBlock.valueHexView);
}

export async function startTestTsa(): Promise<TestTsa> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-tsa-'));
  makeAuthority(dir, 'good', 'Folio Test TSA');
  makeAuthority(dir, 'rogue', 'Rogue TSA');
  let counter = 0;
  const received: string[] = [];

  /** `ts -reply` to a query file, by the TSA named `name`. */
  const reply = async (name: string, queryFile: string): Promise<Buffer> => {
    const out = join(dir, `reply-${++counter}.tsr`);
    await run('openssl', ['ts', '-reply', '-config', join(dir, `${name}.cnf`), '-queryfile', queryFile, '-out', out]);
    return readFileSync(out);
  };
  /** A fresh query (its own nonce) for `digest`. */
  const queryFor = async (digest: Buffer): Promise<string> => {
    const out = join(dir, `query-${++counter}.tsq`);
    await run('openssl', ['ts', '-query', '-digest', digest.toString('hex'), '-sha256', '-cert', '-out', out]);
    return out;
  };

  const answers: Record<string, (queryFile: string, query: Buffer) => Promise<Buffer>> = {
    '/tsr': (queryFile) => reply('good', queryFile),
    '/untrusted': (queryFile) => reply('rogue', queryFile),
    '/wrong-nonce': async (_, query) => reply('good', await queryFor(imprintOf(query))),
    '/wrong-imprint': async () => reply('good', await queryFor(Buffer.alloc(32, 7))),
    '/garbage': async () => Buffer.from('this is no timestamp response'),
    '/huge': async () => Buffer.alloc(2 * 1024 * 1024, 0x30),
  };

  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    received.push(path);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (path === '/slow') return; // never answers
      if (path === '/error') return void res.writeHead(500).end('TSA exploded');
      if (path === '/redirect') return void res.writeHead(302, { Location: '/tsr' }).end();
      const answer = answers[path];
      if (!answer) return void res.writeHead(404).end();
      const query = Buffer.concat(chunks);
      const queryFile = join(dir, `incoming-${++counter}.tsq`);
      writeFileSync(queryFile, query);
      answer(queryFile, query).then(
        (body) => res.writeHead(200, { 'Content-Type': 'application/timestamp-reply' }).end(body),
        (error: Error) => res.writeHead(500).end(error.message),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  // A port that was just free: nothing listens there now.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const downPort = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));

  return {
    origin: `http://127.0.0.1:${port}`,
    caFile: join(dir, 'good-ca.crt'),
    downUrl: `http://127.0.0.1:${downPort}/tsr`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
