/**
 * PDFs written byte by byte, for fixtures whose exact structure matters (a
 * signature's byte range, an incremental update): objects numbered from 1 in
 * the order given, a classic cross-reference table, and a trailer with `/Root 1 0 R`
 * plus whatever else is asked for (e.g. '/Info 8 0 R').
 */
export function writePdf(objects: readonly (string | Buffer)[], trailerExtra = ''): Buffer {
  const header = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const bodies = new Map(objects.map((body, i) => [i + 1, body] as const));
  return appendSection(header, bodies, `/Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}`, true);
}

/**
 * Appends an incremental update to `pdf`: the given objects (new numbers, or
 * existing ones replaced), a cross-reference section for them alone, and a
 * trailer pointing back at the previous one (/Prev), as signing tools write.
 */
export function appendRevision(pdf: Buffer, objects: ReadonlyMap<number, string | Buffer>, trailer: string): Buffer {
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(pdf.toString('latin1'))?.[1]);
  if (!Number.isInteger(prev)) throw new Error('appendRevision: no startxref at the end of the file');
  return appendSection(pdf, objects, `${trailer} /Prev ${prev}`, false);
}

function appendSection(start: Buffer, objects: ReadonlyMap<number, string | Buffer>, trailer: string, first: boolean): Buffer {
  const parts: Buffer[] = [start];
  let offset = start.length;
  const offsets = new Map<number, number>();
  for (const [number, body] of objects) {
    offsets.set(number, offset);
    const chunk = Buffer.concat([Buffer.from(`${number} 0 obj\n`), Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'), Buffer.from('\nendobj\n')]);
    parts.push(chunk);
    offset += chunk.length;
  }
  const entry = (o: number) => `${String(o).padStart(10, '0')} 00000 n \n`;
  const sections = first
    ? [`0 ${objects.size + 1}\n0000000000 65535 f \n`, ...[...offsets.values()].map(entry)]
    : [...offsets.entries()].sort(([a], [b]) => a - b).flatMap(([number, o]) => [`${number} 1\n`, entry(o)]);
  parts.push(Buffer.from(`xref\n${sections.join('')}trailer\n<< ${trailer} >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}
