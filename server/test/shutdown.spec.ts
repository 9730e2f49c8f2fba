import { request as httpRequest } from 'node:http';
import { makePdf } from './support/pdfs';
import { startBuiltServer } from './support/built-server';

jest.setTimeout(30_000);

describe('graceful shutdown (built server)', () => {
  it('on SIGTERM finishes the request in flight, then exits cleanly with nothing left behind', async () => {
    const server = await startBuiltServer();
    const pdf = await makePdf(2);
    const boundary = 'folio-shutdown';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="fileInput"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const response = new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      const req = httpRequest(
        { port: server.port, host: '127.0.0.1', method: 'POST', path: '/api/v1/general/rotate-pdf', headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': head.length + pdf.length + tail.length } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        },
      );
      req.on('error', reject);
      // Half the upload now, SIGTERM, then the rest: the request is in flight during shutdown.
      req.write(head);
      req.write(pdf.subarray(0, 100));
      setTimeout(() => {
        server.process.kill('SIGTERM');
        setTimeout(() => req.end(Buffer.concat([pdf.subarray(100), tail])), 300);
      }, 300);
    });
    const exitCode = new Promise((resolve) => server.process.once('exit', (code) => resolve(code)));

    const res = await response;
    expect(res.status).toBe(200);
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await exitCode).toBe(0);
    expect(server.leftovers()).toEqual([]);
    await server.stop();
  });
});
