/**
 * File types a tool can accept. The browser filters picks and drops by
 * extension and MIME type; the server trusts neither and sniffs the content
 * (server/src/tools/file-sniffing.ts keeps one sniffer per key below).
 */
export const FILE_TYPES = {
  pdf: { label: 'PDF', extensions: ['.pdf'], mimeTypes: ['application/pdf'] },
} as const satisfies Record<string, FileTypeInfo>;

export interface FileTypeInfo {
  /** Short name for messages. e.g. 'PDF' */
  label: string;
  /** Lower-case extensions with the dot. e.g. ['.pdf'] */
  extensions: readonly string[];
  /** MIME types browsers report for it. e.g. ['application/pdf'] */
  mimeTypes: readonly string[];
}

export type FileTypeKey = keyof typeof FILE_TYPES;

/** True when a browser-side file (name + reported type) looks like one of `types`. */
export function matchesFileType(file: { name: string; type?: string }, types: readonly FileTypeKey[]): boolean {
  const name = file.name.toLowerCase();
  return types.some((key) => {
    const info: FileTypeInfo = FILE_TYPES[key];
    return info.extensions.some((ext) => name.endsWith(ext)) || (!!file.type && info.mimeTypes.includes(file.type));
  });
}

/** The `accept` attribute for a file input. e.g. '.pdf,application/pdf' */
export function acceptAttribute(types: readonly FileTypeKey[]): string {
  return types.flatMap((key) => [...FILE_TYPES[key].extensions, ...FILE_TYPES[key].mimeTypes]).join(',');
}
