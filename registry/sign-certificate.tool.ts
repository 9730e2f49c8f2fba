import { checkbox, defineTool, file, notInSpec, number, select, singlePdfInput, text } from './kit';

const PEM_FILES_MISSING = 'Please upload both private key and certificate files for PEM.';

/**
 * Sign with Certificate: a PDF signature (CMS, adbe.pkcs7.detached, SHA-256)
 * made with the visitor's own key, from a PKCS#12 or Java key store or a PEM
 * key and certificate, appended as an incremental update so the original bytes
 * (and any earlier signature) stay as they were. Optionally visible on a page.
 */
export const signCertificateTool = defineTool({
  id: 'sign-certificate',
  category: 'security',
  title: 'Sign with Certificate',
  subtitle: 'Digitally sign with PKCS#12, JKS or PEM.',
  endpoint: '/api/v1/security/cert-sign',

  input: singlePdfInput(),

  fields: {
    // Spec §7: the page sends PKCS12, JKS or PEM; the reference's PFX is the same key store.
    // Its SERVER, WINDOWS_STORE and PKCS11 need key stores a web server does not have.
    certType: select({
      label: 'Certificate type',
      options: [
        { value: 'PKCS12', label: 'PKCS#12 (.p12/.pfx)', aliases: ['PFX'] },
        { value: 'JKS', label: 'Java Keystore (.jks/.keystore)' },
        { value: 'PEM', label: 'PEM (private key and certificate files)' },
      ],
      required: 'Please select a certificate type.',
    }),
    p12File: file({
      label: 'PKCS#12 file (.p12/.pfx)',
      accept: ['pkcs12'],
      maxBytes: 1024 * 1024,
      visibleWhen: { certType: ['PKCS12'] },
      required: 'Please upload the .p12/.pfx file.',
    }),
    jksFile: file({
      label: 'Java keystore file (.jks/.keystore)',
      accept: ['jks'],
      maxBytes: 1024 * 1024,
      visibleWhen: { certType: ['JKS'] },
      required: 'Please upload the .jks file.',
    }),
    privateKeyFile: file({
      label: 'Private key file (.pem/.der/.key)',
      accept: ['privateKey'],
      maxBytes: 1024 * 1024,
      visibleWhen: { certType: ['PEM'] },
      required: PEM_FILES_MISSING,
    }),
    certFile: file({
      label: 'Certificate file (.pem/.der/.crt/.cer)',
      accept: ['certificate'],
      maxBytes: 1024 * 1024,
      visibleWhen: { certType: ['PEM'] },
      required: PEM_FILES_MISSING,
    }),
    // Opens the key store, or the private key where it is encrypted; left out for an unencrypted PEM key.
    password: text({
      label: 'Password',
      secret: true,
      help: 'The key store password, or the private key’s; leave empty for an unencrypted key.',
      maxLength: 1024,
      invalid: notInSpec('The password is too long.', 'a password past 1024 characters, which no key store uses'),
    }),
    // Reference §5.7 options that API clients send; the spec's page does not offer them.
    alias: text({
      label: 'Key alias',
      help: 'The key store entry to sign with; the first one holding a private key when left out.',
      maxLength: 256,
      invalid: notInSpec('The key alias is too long.', 'an alias past 256 characters'),
      apiOnly: true,
    }),
    showSignature: checkbox({ label: 'Show the signature on a page', default: false, apiOnly: true }),
    pageNumber: number({
      label: 'Page for the visible signature',
      integer: true,
      min: 1,
      visibleWhen: { showSignature: [true] },
      invalid: notInSpec('Page number must be a whole number of at least 1.', 'reference §5.7 pageNumber, 1-based'),
      apiOnly: true,
    }),
    name: text({
      label: 'Signer name',
      maxLength: 256,
      invalid: notInSpec('The signer name is too long.', 'reference §5.7 name, kept to a line'),
      apiOnly: true,
    }),
    reason: text({
      label: 'Reason',
      maxLength: 256,
      invalid: notInSpec('The reason is too long.', 'reference §5.7 reason, kept to a line'),
      apiOnly: true,
    }),
    location: text({
      label: 'Location',
      maxLength: 256,
      invalid: notInSpec('The location is too long.', 'reference §5.7 location, kept to a line'),
      apiOnly: true,
    }),
    // Accepted for the reference's clients; there is no logo to draw (docs/compatibility.md).
    showLogo: checkbox({ label: 'Show logo', default: false, apiOnly: true }),
  },

  action: { label: 'Sign PDF', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_signed.pdf', browser: '{base}_signed.pdf', fallback: 'signed.pdf' },
  toast: { success: 'PDF signed successfully!' },
});
