import { randomBytes } from 'node:crypto';
import { writeStreamedPdf } from './streamed-pdf';

/**
 * Writes a valid PDF of `pages` pages whose content streams carry `bytesPerPage`
 * of incompressible filler, streamed to disk so even gigabyte files cost no memory.
 * Each page shows "Page n" in Helvetica.
 */
export async function writeLargePdf(path: string, pages: number, bytesPerPage: number): Promise<void> {
  await writeStreamedPdf(path, async (object) => {
    const pageId = (i: number) => 4 + i * 2;
    const kids = Array.from({ length: pages }, (_, i) => `${pageId(i)} 0 R`).join(' ');
    await object(1, '<< /Type /Catalog /Pages 2 0 R >>');
    await object(2, `<< /Type /Pages /Count ${pages} /Kids [${kids}] >>`);
    await object(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
    for (let i = 0; i < pages; i++) {
      await object(pageId(i), `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId(i) + 1} 0 R >>`);
      const text = Buffer.from(`BT /F1 36 Tf 72 720 Td (Page ${i + 1}) Tj ET\n`);
      // Filler as PDF comment lines: ignored by renderers, incompressible for qpdf.
      const filler: Buffer[] = [];
      for (let left = bytesPerPage; left > 0;) {
        const n = Math.min(left, 1 << 20);
        filler.push(
          Buffer.from(
            `%${randomBytes(Math.ceil(n / 2))
              .toString('hex')
              .slice(0, Math.max(n - 2, 0))}\n`,
          ),
        );
        left -= n;
      }
      const length = text.length + filler.reduce((sum, b) => sum + b.length, 0);
      await object(pageId(i) + 1, `<< /Length ${length} >>\nstream\n`, text, ...filler, '\nendstream');
    }
  });
}
