/**
 * Facts of the Stirling-compatible wire format that the registry, the server,
 * the web app and the generators all rely on, said once.
 */

/** The multipart field every tool reads its main files from. */
export const FILE_FIELD = 'fileInput';

/** A tool's POST path: `/api/v1/<group>/<name>`. e.g. '/api/v1/general/rotate-pdf', '/api/v1/pipeline/handleData' */
export const ENDPOINT_PATTERN = /^\/api\/v1\/[a-z]+\/[A-Za-z0-9/-]+$/;

/** A form or multipart value that counts as absent: undefined, null, or only whitespace. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Bytes as the messages show them, to one decimal. e.g. 104857600 → '100 MB' */
export function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

/** A size limit in the unit that reads best: MB from one megabyte up, KB below. e.g. 2048 → '2 KB' */
export function formatSizeLimit(bytes: number): string {
  return bytes >= 1024 * 1024 ? formatMegabytes(bytes) : `${Math.round((bytes / 1024) * 10) / 10} KB`;
}

/** A tool id as a code name. e.g. 'pdf-to-word' → 'pdfToWord' */
export function camelCase(id: string): string {
  return id.replace(/-([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
}

/** A tool id as a class name. e.g. 'pdf-to-word' → 'PdfToWord' */
export function pascalCase(id: string): string {
  const camel = camelCase(id);
  return camel.charAt(0).toUpperCase() + camel.slice(1);
}
