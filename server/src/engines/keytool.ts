import { KeyMaterialError } from './openssl';
import { EngineFailedError, runProcess, type EngineOptions } from './process';

/**
 * Java's keytool: reads Java key stores (JKS, JCEKS, and PKCS#12 under a Java
 * name), which OpenSSL cannot, and writes them as PKCS#12. Passwords are read
 * from files (`-srcstorepass:file`), never given as arguments.
 */

const KEYTOOL = 'keytool';

/**
 * The Java runtime's own configuration lives in /etc (its security settings
 * are links from /usr/lib/jvm into /etc/java-17-openjdk): the sandbox shows it.
 */
const JAVA_CONFIGURATION = ['/etc/java-17-openjdk'];

/**
 * A small heap and no reserved class space: the sandbox limits an engine's
 * address space, and the JVM's defaults reserve gigabytes it never uses.
 */
const JVM_OPTIONS = ['-J-Xmx64m', '-J-XX:CompressedClassSpaceSize=64m', '-J-XX:ReservedCodeCacheSize=32m', '-J-XX:+UseSerialGC', '-J-XX:TieredStopAtLevel=1'];

export interface KeyStoreConversion {
  /** The Java key store. */
  store: string;
  /** Its password (also the key's), in a file. */
  storePasswordFile: string;
  /** Where the PKCS#12 store goes. */
  output: string;
  /** The PKCS#12 store's password, in a file. */
  outputPasswordFile: string;
  /** Only this entry; every entry when undefined. */
  alias?: string;
}

/**
 * Writes a Java key store's entries as a PKCS#12 store. Throws KeyMaterialError
 * for a wrong password, an unknown alias or a file that is no key store.
 */
export async function convertToPkcs12(request: KeyStoreConversion, options: EngineOptions): Promise<void> {
  const alias = request.alias === undefined ? [] : ['-srcalias', request.alias, '-srckeypass:file', request.storePasswordFile];
  // keytool exits 1 for every failure and says why on stdout (`keytool error: <exception>: <message>`).
  const { exitCode, stdout, stderr } = await runProcess(
    KEYTOOL,
    [
      ...JVM_OPTIONS,
      '-importkeystore',
      '-noprompt',
      '-srckeystore',
      request.store,
      '-srcstorepass:file',
      request.storePasswordFile,
      ...alias,
      '-destkeystore',
      request.output,
      '-deststoretype',
      'PKCS12',
      '-deststorepass:file',
      request.outputPasswordFile,
    ],
    { ...options, readable: JAVA_CONFIGURATION, okExitCodes: [0, 1] },
  );
  if (exitCode !== 0) throw keytoolProblem(`${stdout}\n${stderr}`);
}

/** What keytool's error text says went wrong; anything unforeseen stays an engine failure. */
function keytoolProblem(text: string): Error {
  if (/password was incorrect|UnrecoverableKeyException|Given final block not properly padded/i.test(text))
    return new KeyMaterialError('wrong-password', 'keytool: wrong password');
  if (/Alias <.*> does not exist/i.test(text)) return new KeyMaterialError('unknown-alias', 'keytool: no such alias');
  if (/keystore format|Invalid keystore|Unrecognized|DerInputStream|toDerInputStream|IOException/i.test(text))
    return new KeyMaterialError('unreadable', 'keytool: not a key store');
  return new EngineFailedError(KEYTOOL, 1, text);
}
