import { readdirSync } from 'node:fs';
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
        {
          port: server.port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/v1/general/rotate-pdf',
          headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': head.length + pdf.length + tail.length },
        },
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

  it('after a crash, the next start removes at once the request folders the dead server left', async () => {
    const crashed = await startBuiltServer();
    const boundary = 'folio-crash';
    // An upload that never finishes keeps its request folder open until the server dies.
    const req = httpRequest({
      port: crashed.port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/api/v1/general/rotate-pdf',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': 10_000_000 },
    });
    req.on('error', () => undefined);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="fileInput"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`);
    for (let i = 0; i < 100 && crashed.leftovers().length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(crashed.leftovers()).toHaveLength(1);
    crashed.process.kill('SIGKILL');
    await new Promise((resolve) => crashed.process.once('exit', resolve));
    req.destroy();
    expect(crashed.leftovers()).toHaveLength(1);

    const next = await startBuiltServer({ FOLIO_WORK_DIR: crashed.workDir });
    expect(readdirSync(crashed.workDir)).toEqual([]);
    await next.stop();
    await crashed.stop();
  });
});
