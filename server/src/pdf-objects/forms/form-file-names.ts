/**
 * The name of a form endpoint's answer (reference-beyond §3): the upload's
 * name without its path (blank → `document`), a trailing `.pdf` in any case
 * dropped but any other extension kept, then `_<suffix>.<extension>`.
 * e.g. ('form.PDF', 'filled', 'pdf') → 'form_filled.pdf', ('data.bin', 'filled', 'pdf') → 'data.bin_filled.pdf'
 */
export function formResultName(uploadName: string | undefined, suffix: string, extension: string): string {
  const name = (uploadName ?? '').split(/[\\/]/).pop()!.trim() || 'document';
  const stem = name.replace(/\.pdf$/i, '') || 'document';
  return `${stem}_${suffix}.${extension}`;
}
