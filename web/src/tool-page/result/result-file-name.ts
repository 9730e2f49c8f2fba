import { FILE_TYPES, renderFileName, resolveResult, withExtension, type AnyTool } from '@folio/registry';

/** Last resort when a tool says 'from-response', the server names nothing and no fallback is declared. */
const UNNAMED_DOWNLOAD = 'download';

/**
 * The file name in a Content-Disposition header, URL-decoded. Handles the API's
 * `form-data; name="attachment"; filename="x%20y.pdf"` and RFC 6266's `filename*=UTF-8''x%20y.pdf`.
 */
export function fileNameFromContentDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:[\w-]+'[^']*')?("?)([^";]+)\1/i.exec(header);
  const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(header);
  const raw = (extended ?? plain)?.[2]?.trim();
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * A tool that works on one document at a time answers a ZIP of per-file results
 * when given several files; a combining tool (Merge) always answers one document.
 */
export function isBatchRun(tool: AnyTool, fileCount: number): boolean {
  return !tool.input.combine && fileCount > 1;
}

/**
 * The name the browser saves the result under, from the tool's `download`
 * declaration (or the result variant the options chose), `{<field>}` filled from
 * them. A declared ZIP that came back as a single file (`contentType`) keeps the
 * name with that file's extension.
 */
export function resultFileName(
  tool: AnyTool,
  files: readonly File[],
  contentDisposition: string | null,
  params: Readonly<Record<string, unknown>> = {},
  contentType = '',
): string {
  const { browser, fallback } = resolveResult(tool, params).download;
  const name =
    browser === 'from-response'
      ? (fileNameFromContentDisposition(contentDisposition) ?? (fallback ? renderFileName(fallback, files[0]?.name, params) : UNNAMED_DOWNLOAD))
      : renderFileName(browser, files[0]?.name, params);
  if (isBatchRun(tool, files.length)) return withExtension(name, '.zip');
  // A single file where a ZIP was declared (Detect / Split Scanned Photos answers one photo as a PNG, reference §6.14).
  const single = name.toLowerCase().endsWith('.zip') ? extensionOfType(contentType) : undefined;
  return single ? withExtension(name, single) : name;
}

/** The usual extension of a file of this Content-Type, from the file types the registry knows. e.g. 'image/png' → '.png' */
function extensionOfType(contentType: string): string | undefined {
  const mimeType = contentType.split(';')[0]!.trim().toLowerCase();
  return Object.values(FILE_TYPES).find((type) => (type.mimeTypes as readonly string[]).includes(mimeType))?.extensions[0];
}
