import { detectSplitScannedTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import {
  boundingBox,
  expectUprightPhoto,
  measurePhoto as measure,
  photoSheet as sheet,
  photoSheetPdf as sheetPdf,
  SHEET_PX,
  SLIGHT,
  SMALL,
  STEEP,
  unzipEntries as unzip,
  UPRIGHT,
  type Photo,
} from './photo-sheets.fixtures';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

const NOT_NUMERIC = 'Please enter valid numeric values for all parameters.';

describe('Detect / Split Scanned Photos (/api/v1/misc/extract-image-scans)', () => {
  const server = useTestServer();
  let three: Buffer;
  beforeAll(() => {
    three = sheet([UPRIGHT, SLIGHT, STEEP]);
  });
  const split = (content: Buffer, fields: Record<string, string | number> = {}, name = 'album.png', contentType = 'image/png') =>
    postTool(server, detectSplitScannedTool.endpoint, [{ name, content, contentType }], fields);

  it('starts from a sheet whose corners are paper and whose photos Pillow drew where asked', () => {
    const m = measure(three);
    expect([m.width, m.height]).toEqual([...SHEET_PX]);
    for (const corner of m.corners) expect(corner).toBeLessThan(20);
  });

  it('with the spec’s defaults, answers each photo of a scanned picture as its own PNG in a ZIP, in reading order', async () => {
    const res = await split(three);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.fileName).toBe('album_processed.zip');
    const entries = unzip(res.body);
    expect([...entries.keys()]).toEqual(['album_processed_1.png', 'album_processed_2.png', 'album_processed_3.png']);
    const [upright, slight, steep] = [...entries.values()].map(measure);
    expectUprightPhoto(upright, UPRIGHT);
    expectUprightPhoto(steep, STEEP);
    // 7° is under the 10° threshold: cut out as it lies, its bounding box with paper in the corners.
    const box = boundingBox(SLIGHT);
    expect(Math.abs(slight.width - box.width)).toBeLessThanOrEqual(6);
    expect(Math.abs(slight.height - box.height)).toBeLessThanOrEqual(6);
    for (const corner of slight.corners) expect(corner).toBeLessThan(20);
  });

  it('turns upright every photo tilted at least the angle threshold (snake_case, as the page sends it)', async () => {
    const entries = unzip((await split(three, { angle_threshold: 5 })).body);
    const [upright, slight, steep] = [...entries.values()].map(measure);
    expectUprightPhoto(upright, UPRIGHT);
    expectUprightPhoto(slight, SLIGHT);
    expectUprightPhoto(steep, STEEP);
  });

  it('takes the reference’s camelCase names too', async () => {
    const res = await split(three, { angleThreshold: 5, tolerance: 20, minArea: 8000, minContourArea: 500, borderSize: 1 });
    expect(res.status).toBe(200);
    expectUprightPhoto(measure([...unzip(res.body).values()][1]), SLIGHT);
    // Above the steep photo's tilt: nothing is turned.
    const none = unzip((await split(three, { angleThreshold: 20 })).body);
    for (const corner of measure([...none.values()][2]).corners) expect(corner).toBeLessThan(20);
  });

  it('draws a PDF’s pages (at 300 DPI) and cuts the photos out of them', async () => {
    const res = await split(await sheetPdf(three), {}, 'album.pdf', 'application/pdf');
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('album_processed.zip');
    const entries = unzip(res.body);
    expect([...entries.keys()]).toEqual(['album_processed_1.png', 'album_processed_2.png', 'album_processed_3.png']);
    const [upright, , steep] = [...entries.values()].map(measure);
    expectUprightPhoto(upright, UPRIGHT, 2);
    expectUprightPhoto(steep, STEEP, 2);
  });

  it('reads a JPEG scan as well', async () => {
    const res = await split(sheet([UPRIGHT, STEEP], 'jpg'), {}, 'album.jpg', 'image/jpeg');
    expect(res.status).toBe(200);
    const entries = unzip(res.body);
    expect([...entries.keys()]).toEqual(['album_processed_1.png', 'album_processed_2.png']);
    expectUprightPhoto(measure(entries.get('album_processed_2.png')!), STEEP);
  });

  it('answers a single photo as image/png named after the upload', async () => {
    const res = await split(sheet([STEEP]), {}, 'one.png');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.fileName).toBe('one.png');
    expect(res.body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expectUprightPhoto(measure(res.body), STEEP);
  });

  it('drops finds smaller than the minimum area or the minimum contour area', async () => {
    const page = sheet([UPRIGHT, SMALL]);
    expect([...unzip((await split(page)).body).keys()]).toHaveLength(2);
    for (const fields of [{ min_area: 20_000 }, { min_area: 0, min_contour_area: 20_000 }, { minArea: 20_000 }] as Record<string, number>[]) {
      const res = await split(page, fields);
      expect(res.headers['content-type']).toBe('image/png');
      expectUprightPhoto(measure(res.body), UPRIGHT);
    }
  });

  it('answers 400 "No images detected" for an empty sheet, or when the filters leave nothing', async () => {
    for (const [content, fields] of [
      [sheet([]), {}],
      [three, { min_area: 10_000_000 }],
      [three, { border_size: 1000 }],
      [three, { tolerance: 255 }],
    ] as const) {
      const res = await split(content, fields);
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('No images detected');
    }
  });

  it('finds no photo in specks and a hairline, even with every minimum at 0 and no tolerance', async () => {
    const res = await split(sheet([{ x: 600, y: 900, w: 800, h: 1, angle: 0, colour: [20, 20, 20] }]), {
      min_area: 0,
      min_contour_area: 0,
      border_size: 0,
      tolerance: 0,
    });
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('No images detected');
  });

  it('refuses a sheet with more photos than one answer holds', async () => {
    const tiny: Photo[] = [];
    for (let row = 0; row < 36; row++)
      for (let col = 0; col < 25; col++) tiny.push({ x: 30 + col * 48, y: 30 + row * 48, w: 22, h: 22, angle: 0, colour: [30, 30, 30] });
    const res = await split(sheet(tiny), { min_area: 100, min_contour_area: 100 });
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/^More than 500 photos were found in "album.png"/);
  });

  it('refuses negative or non-numeric parameters with the spec’s message', async () => {
    for (const fields of [{ angle_threshold: -1 }, { tolerance: 'abc' }, { min_area: -5 }, { minContourArea: -1 }, { border_size: 1.5 }] as Record<
      string,
      string | number
    >[]) {
      const res = await split(three, fields);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.json)).toContain(NOT_NUMERIC);
    }
  });

  it('refuses a file that is neither an image nor a PDF', async () => {
    const res = await split(Buffer.from('just some text\n'), {}, 'notes.txt', 'text/plain');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(JSON.stringify(res.json)).toContain('Please upload an image or a PDF file.');
  });
});
