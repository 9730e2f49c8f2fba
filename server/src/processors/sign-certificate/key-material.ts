import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import type { InputFile } from '@folio/registry';
import { convertToPkcs12 } from '../../engines/keytool';
import { convertPrivateKey, exportPkcs12Certificates, exportPkcs12Keys, KeyMaterialError, publicKeyOf } from '../../engines/openssl';
import type { EngineOptions } from '../../engines/process';
import { InvalidInputError } from '../../refusals/input-errors';
import {
  CertificateFormatError,
  parseCertificates,
  publicKeyInfoOf,
  publicKeyPemToDer,
  toPem,
  type ParsedCertificate,
} from '../../pdf-signatures/certificates';
import type { Workspace } from '../../workspace/workspace';
import { writeForEngines } from '../../engines/confinement';

/**
 * The signer's key and certificates, whatever they came in: a PKCS#12 store, a
 * Java key store (keytool writes it as PKCS#12 first) or a PEM key and
 * certificate. The key is kept encrypted on disk under a password made for the
 * job; no password ever appears on a command line.
 */

export interface SigningKey {
  /** The private key, PEM, encrypted with the password in `keyPasswordFile`. */
  key: string;
  keyPasswordFile: string;
  /** The certificate of that key, PEM file, and parsed. */
  signer: string;
  signerCertificate: ParsedCertificate;
  /** The other certificates that came with it (its chain), PEM; undefined when there are none. */
  chain?: string;
  /** Bytes of all the certificates, DER: most of what the signature will weigh. */
  certificateBytes: number;
}

export type KeySource =
  | { kind: 'PKCS12'; store: InputFile; alias?: string }
  | { kind: 'JKS'; store: InputFile; alias?: string }
  | { kind: 'PEM'; privateKey: InputFile; certificate: InputFile };

const TEXTS = {
  wrongStorePassword: 'The key store password is incorrect.',
  notPkcs12: 'The .p12/.pfx file could not be read as a PKCS#12 key store.',
  notJks: 'The .jks file could not be read as a Java key store.',
  noKey: 'The key store holds no private key.',
  unknownAlias: (alias: string) => `The key store has no private key under the alias "${alias}".`,
  noCertificateForKey: 'The key store holds no certificate for its private key.',
  wrongKeyPassword: 'The private key could not be opened: its password is missing or incorrect.',
  notPrivateKey: 'The private key file could not be read as a private key.',
  notCertificate: 'The certificate file could not be read as an X.509 certificate.',
  keyMismatch: 'The private key does not match the certificate.',
};

/** Reads the key and certificates from where the request has them; every problem with them is a 400 with its reason. */
export async function loadSigningKey(source: KeySource, password: string | undefined, workspace: Workspace, engine: EngineOptions): Promise<SigningKey> {
  const passwordFile = await secretFile(workspace, password ?? '');
  const keyPasswordFile = await secretFile(workspace, randomBytes(24).toString('hex'));
  switch (source.kind) {
    case 'PKCS12':
      return fromPkcs12(source.store.path, passwordFile, source.alias, keyPasswordFile, workspace, engine, TEXTS.notPkcs12);
    case 'JKS': {
      // OpenSSL reads the second line of a password file given for both -passin and -passout: the store gets its own.
      const store = workspace.newPath('.p12');
      const storePasswordFile = await secretFile(workspace, randomBytes(24).toString('hex'));
      await keyMaterialStep(
        () =>
          convertToPkcs12(
            { store: source.store.path, storePasswordFile: passwordFile, output: store, outputPasswordFile: storePasswordFile, alias: source.alias },
            engine,
          ),
        {
          'wrong-password': TEXTS.wrongStorePassword,
          unreadable: TEXTS.notJks,
          'unknown-alias': TEXTS.unknownAlias(source.alias ?? ''),
        },
      );
      return fromPkcs12(store, storePasswordFile, source.alias, keyPasswordFile, workspace, engine, TEXTS.notJks);
    }
    case 'PEM':
      return fromPem(source.privateKey.path, source.certificate.path, passwordFile, keyPasswordFile, workspace, engine);
  }
}

/** A file only this job can read holding `secret` as its first line, as OpenSSL and keytool read passwords. */
async function secretFile(workspace: Workspace, secret: string): Promise<string> {
  const path = workspace.newPath('.secret');
  await writeForEngines(path, `${secret}\n`);
  return path;
}

async function fromPkcs12(
  store: string,
  storePasswordFile: string,
  alias: string | undefined,
  keyPasswordFile: string,
  workspace: Workspace,
  engine: EngineOptions,
  unreadable: string,
): Promise<SigningKey> {
  const keysFile = workspace.newPath('.pem');
  const certificatesFile = workspace.newPath('.pem');
  const problems = { 'wrong-password': TEXTS.wrongStorePassword, unreadable, 'unknown-alias': unreadable };
  await keyMaterialStep(() => exportPkcs12Keys(store, storePasswordFile, keysFile, keyPasswordFile, engine), problems);
  await keyMaterialStep(() => exportPkcs12Certificates(store, storePasswordFile, certificatesFile, engine), problems);

  const keys = pemKeysWithNames(await readFile(keysFile, 'latin1'));
  if (keys.length === 0) throw new InvalidInputError(TEXTS.noKey);
  const chosen = alias === undefined ? keys[0] : keys.find((k) => k.name?.toLowerCase() === alias.toLowerCase());
  if (!chosen) throw new InvalidInputError(TEXTS.unknownAlias(alias!));
  const key = workspace.newPath('.pem');
  await writeForEngines(key, chosen.pem);

  const certificates = parseOrRefuse(await readFile(certificatesFile), unreadable);
  return withCertificates(key, keyPasswordFile, certificates, TEXTS.noCertificateForKey, workspace, engine);
}

/** PKCS#8 `ENCRYPTED PRIVATE KEY`, or a traditional PEM key with `Proc-Type: 4,ENCRYPTED`. */
const ENCRYPTED_PEM = /-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type:\s*4,ENCRYPTED/;

async function fromPem(
  privateKeyFile: string,
  certificateFile: string,
  passwordFile: string,
  keyPasswordFile: string,
  workspace: Workspace,
  engine: EngineOptions,
): Promise<SigningKey> {
  const key = workspace.newPath('.pem');
  // A wrong password passes the cipher's padding check about once in 256 tries, and
  // OpenSSL then reports unreadable key data, not a bad decrypt: an encrypted key that
  // cannot be read is a password problem either way.
  const encrypted = ENCRYPTED_PEM.test((await readFile(privateKeyFile)).subarray(0, 4096).toString('latin1'));
  await keyMaterialStep(() => convertPrivateKey(privateKeyFile, passwordFile, key, keyPasswordFile, engine), {
    'wrong-password': TEXTS.wrongKeyPassword,
    unreadable: encrypted ? TEXTS.wrongKeyPassword : TEXTS.notPrivateKey,
    'unknown-alias': TEXTS.notPrivateKey,
  });
  const certificates = parseOrRefuse(await readFile(certificateFile), TEXTS.notCertificate);
  return withCertificates(key, keyPasswordFile, certificates, TEXTS.keyMismatch, workspace, engine);
}

/** The signer is the certificate whose public key is the key's; the others travel with it as its chain. */
async function withCertificates(
  key: string,
  keyPasswordFile: string,
  certificates: ParsedCertificate[],
  noMatch: string,
  workspace: Workspace,
  engine: EngineOptions,
): Promise<SigningKey> {
  const publicKey = publicKeyPemToDer(
    await keyMaterialStep(() => publicKeyOf(key, keyPasswordFile, engine), {
      'wrong-password': TEXTS.notPrivateKey,
      unreadable: TEXTS.notPrivateKey,
      'unknown-alias': TEXTS.notPrivateKey,
    }),
  );
  const signerCertificate = certificates.find((c) => publicKeyInfoOf(c).equals(publicKey));
  if (!signerCertificate) throw new InvalidInputError(noMatch);
  const others = certificates.filter((c) => c !== signerCertificate && !c.der.equals(signerCertificate.der));
  const signer = workspace.newPath('.pem');
  await writeFile(signer, toPem(signerCertificate.der));
  let chain: string | undefined;
  if (others.length > 0) {
    chain = workspace.newPath('.pem');
    await writeFile(chain, others.map((c) => toPem(c.der)).join(''));
  }
  return { key, keyPasswordFile, signer, signerCertificate, chain, certificateBytes: certificates.reduce((sum, c) => sum + c.der.length, 0) };
}

function parseOrRefuse(bytes: Buffer, message: string): ParsedCertificate[] {
  try {
    return parseCertificates(bytes);
  } catch (error) {
    if (error instanceof CertificateFormatError) throw new InvalidInputError(message);
    throw error;
  }
}

/** Runs an engine step on key material, turning what it could not read into a 400 with the message for that problem. */
async function keyMaterialStep<T>(step: () => Promise<T>, messages: Record<KeyMaterialError['problem'], string>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof KeyMaterialError) throw new InvalidInputError(messages[error.problem]);
    throw error;
  }
}

interface NamedKey {
  /** The key's friendlyName in the store (Java's alias). */
  name?: string;
  pem: string;
}

/** The keys of `openssl pkcs12 -nocerts` output, each with the friendlyName of its bag attributes. */
export function pemKeysWithNames(text: string): NamedKey[] {
  const keys: NamedKey[] = [];
  const block = /((?:^[^\n-][^\n]*\n)*)(-----BEGIN ([A-Z ]*PRIVATE KEY)-----\n[\s\S]*?-----END \3-----\n?)/gm;
  for (const match of text.matchAll(block)) {
    const name = /^\s*friendlyName: (.*)$/m.exec(match[1])?.[1];
    keys.push({ name, pem: match[2].endsWith('\n') ? match[2] : `${match[2]}\n` });
  }
  return keys;
}
