/**
 * The parts a stack of `pageCount` pages falls into at its divider pages
 * (1-based), as 1-based inclusive page ranges in order (reference §6.13). A
 * divider ends the part before it and is left out; in duplex mode so is the
 * page after it (the sheet's back), whatever it holds. Parts left empty (two
 * dividers in a row, a divider first or last) are dropped.
 *
 * Unlike the reference, a divider that is the very first page is left out too
 * (the reference keeps it as page 1 of the first part: docs/compatibility.md).
 */
export function partsBetweenDividers(pageCount: number, dividers: ReadonlySet<number>, duplexMode: boolean): [number, number][] {
  const parts: [number, number][] = [];
  let start: number | undefined;
  const close = (last: number) => {
    if (start !== undefined && last >= start) parts.push([start, last]);
    start = undefined;
  };
  for (let page = 1; page <= pageCount; page++) {
    if (dividers.has(page)) {
      close(page - 1);
      if (duplexMode) page++;
      continue;
    }
    start ??= page;
  }
  close(pageCount);
  return parts;
}
