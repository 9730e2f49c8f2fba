/**
 * The uploaded name without its last extension (reference §1.5): `a.b.pdf` → `a.b`,
 * `.hidden` and `noext` unchanged, no name at all → `default`.
 */
export function baseName(originalName: string | undefined): string {
  if (!originalName) return 'default';
  const dot = originalName.lastIndexOf('.');
  if (dot <= 0 || dot === originalName.length - 1) return originalName;
  return originalName.slice(0, dot);
}

/** Same name with another extension. e.g. ('x_rotated.pdf', '.zip') → 'x_rotated.zip' */
export function withExtension(fileName: string, extension: string): string {
  return `${baseName(fileName)}${extension}`;
}
