import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { held, holdTool } from './fixtures/processors-hold/hold/hold.processor';
import { getFrom, postFrom } from './support/addressed-client';
import { makePdf, pageTexts } from './support/pdfs';
import { leftoversAfterCleanup, startTestServer, type TestServer } from './support/test-server';
import { until } from './support/until';

jest.setTimeout(120_000);

const HOLD_PROCESSORS = join(__dirname, 'fixtures', 'processors-hold');
const ALICE = '127.0.0.2';
const BOB = '127.0.0.3';
const CAROL = '127.0.0.4';

describe('finished async results are kept within a disk quota', () => {
  let server: TestServer;
  let baseUrl: string;
  let pdf: Buffer;

  beforeAll(async () => {
    pdf = await makePdf(2, { label: 'kept' });
    // The hold tool answers a copy of its upload: each result is exactly pdf.length bytes.
    server = await startTestServer(
      { maxResultBytesPerAddress: 2 * pdf.length, maxResultBytes: 3 * pdf.length, jobResultTtlMs: 4_000, maxJobsPerAddress: 8 },
      { tools: [holdTool], processorsDir: HOLD_PROCESSORS },
    );
    await server.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(server.http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    held.releaseAll();
    await server.close();
    held.reset();
  });

  const send = (from: string, query = '?async=true') => {
    const answer = postFrom(from, `${baseUrl}${holdTool.endpoint}${query}`, [{ name: 'kept.pdf', content: pdf }]);
    // Every job is let go as soon as it starts.
    void until(() => held.waiters.length > 0, 10_000).then(
      () => held.releaseAll(),
      () => undefined,
    );
    return answer;
  };
  const finished = async (from: string) => {
    const res = await send(from);
    expect(res.status).toBe(200);
    const id = res.json.jobId as string;
    await until(async () => (await getFrom(from, `${baseUrl}/api/v1/general/job/${id}`)).json.state === 'done', 10_000);
    return id;
  };

  it("refuses new async work with 429 past an address's quota and past the server's, frees room as results are downloaded or expire, and leaves nothing behind", async () => {
    const alice = [await finished(ALICE), await finished(ALICE)];
    const aliceRefused = await send(ALICE);
    expect(aliceRefused.status).toBe(429);
    expect(aliceRefused.headers['retry-after']).toMatch(/^[1-5]$/);
    expect(aliceRefused.json).toMatchObject({
      type: '/errors/too-many-requests',
      detail: expect.stringMatching(/Your results waiting to be downloaded take .* or more, the most one address may keep/),
    });
    // A synchronous answer is sent at once, not kept: no quota.
    const direct = await send(ALICE, '');
    expect(direct.status).toBe(200);
    expect(pageTexts(direct.body)).toEqual(['kept page 1', 'kept page 2']);

    // Bob's one result fills the server's quota: Carol, who keeps nothing, is refused too.
    await finished(BOB);
    for (const from of [BOB, CAROL]) {
      const refused = await send(from);
      expect(refused.status).toBe(429);
      expect(refused.json.detail).toMatch(/The server holds as many results waiting to be downloaded as it keeps/);
    }

    // A download frees its room.
    const downloaded = await getFrom(ALICE, `${baseUrl}/api/v1/general/job/${alice[0]}/result`);
    expect(downloaded.status).toBe(200);
    expect(pageTexts(downloaded.body)).toEqual(['kept page 1', 'kept page 2']);
    const carol = await finished(CAROL);

    // Expired results go, and with them the quota's hold.
    await until(async () => (await getFrom(ALICE, `${baseUrl}/api/v1/general/job/${carol}`)).status === 404, 15_000);
    expect((await getFrom(ALICE, `${baseUrl}/api/v1/general/job/${alice[1]}`)).status).toBe(404);
    const again = await finished(ALICE);
    await fetch(`${baseUrl}/api/v1/general/job/${again}`, { method: 'DELETE' });
    expect(await leftoversAfterCleanup(server, 10_000)).toEqual([]);
  });
});
