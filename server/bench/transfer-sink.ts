import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';

/**
 * The cost of moving a job's bytes over loopback HTTP, with nothing processed:
 * a bare Node server that writes the request body to disk, as the real server
 * stores uploads, and answers with the file `replyWith` names (the job's real
 * output), as the real server streams its result. Subtracting this from an API
 * time leaves what the server itself adds to the engine's work.
 */
export async function startTransferSink(uploadPath: string): Promise<{ url: string; replyWith(path: string): void; close(): Promise<void> }> {
  let reply = '';
  const server: Server = createServer((req, res) => {
    pipeline(req, createWriteStream(uploadPath))
      .then(() => {
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': statSync(reply).size });
        return pipeline(createReadStream(reply), res);
      })
      .catch(() => res.destroy());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    replyWith: (path) => (reply = path),
    close: () => new Promise((done) => server.close(() => done())),
  };
}
