/**
 * The names the uploads are embedded under: the upload's own name without any
 * folder a client put in it, control characters replaced. Two uploads of one
 * name in the same request both stay ("report (2).pdf"); the reference keeps
 * only the last (docs/compatibility.md). An attachment the PDF already has
 * under the same name is still replaced, as in the reference.
 */
export function attachmentNames(originals: readonly string[]): string[] {
  const used = new Set<string>();
  return originals.map((original) => {
    const base = (original.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001F\u007F]/g, '_').trim() || 'attachment';
    let name = base;
    for (let n = 2; used.has(name); n++) name = numbered(base, n);
    used.add(name);
    return name;
  });
}

/** e.g. ('report.pdf', 2) → 'report (2).pdf'; ('notes', 3) → 'notes (3)' */
function numbered(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}
