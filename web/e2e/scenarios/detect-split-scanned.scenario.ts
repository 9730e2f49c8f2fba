import { detectSplitScannedTool } from '@folio/registry';
import {
  expectUprightPhoto,
  measurePhoto,
  photoSheet,
  photoSheetPdf,
  SLIGHT,
  STEEP,
  unzipEntries,
  UPRIGHT,
} from '../../../server/src/processors/detect-split-scanned/photo-sheets.fixtures';
import { defineScenario, fileUpload, pdfUpload } from '../scenario';

/** The five parameters as the page labels them, with the spec's defaults (§9). */
const DEFAULTS: [string, string][] = [
  ['Angle threshold', '10'],
  ['Tolerance', '20'],
  ['Minimum area', '8000'],
  ['Minimum contour area', '500'],
  ['Border size', '1'],
];

export default defineScenario(detectSplitScannedTool, [
  {
    name: 'shows the spec’s defaults, cuts three photos out of a scanned PDF and saves <name>_scans.zip',
    run: async (ctx) => {
      await ctx.openFromHome();
      for (const [label, value] of DEFAULTS) expect(await ctx.page.getByLabel(label, { exact: true }).inputValue()).toBe(value);
      await ctx.chooseFiles([pdfUpload('album.pdf', await photoSheetPdf(photoSheet([UPRIGHT, SLIGHT, STEEP])))]);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('album_scans.zip');
      const entries = unzipEntries(result.bytes);
      expect([...entries.keys()]).toEqual(['album_processed_1.png', 'album_processed_2.png', 'album_processed_3.png']);
      // The PDF's page is drawn at 300 DPI, twice the sheet's 150.
      expectUprightPhoto(measurePhoto(entries.get('album_processed_1.png')!), UPRIGHT, 2);
      expectUprightPhoto(measurePhoto(entries.get('album_processed_3.png')!), STEEP, 2);
    },
  },
  {
    name: 'takes a picture too, and turns the 7° photo upright with an angle threshold of 5',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([fileUpload('album.png', 'image/png', photoSheet([UPRIGHT, SLIGHT, STEEP]))]);
      await ctx.page.getByLabel('Angle threshold', { exact: true }).fill('5');
      await ctx.run();
      const entries = unzipEntries((await ctx.download()).bytes);
      expectUprightPhoto(measurePhoto(entries.get('album_processed_2.png')!), SLIGHT);
    },
  },
  {
    name: 'saves a single photo as the PNG it is, under <name>_scans.png',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([fileUpload('album.png', 'image/png', photoSheet([STEEP]))]);
      await ctx.run();
      const result = await ctx.download();
      expect(result.name).toBe('album_scans.png');
      expect(result.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      expectUprightPhoto(measurePhoto(result.bytes), STEEP);
    },
  },
  {
    name: 'shows the spec’s message for a negative parameter and sends nothing',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([fileUpload('album.png', 'image/png', photoSheet([UPRIGHT, STEEP]))]);
      await ctx.page.getByLabel('Minimum area', { exact: true }).fill('-5');
      await ctx.actionButton().click();
      await ctx.page.getByText('Please enter valid numeric values for all parameters.').first().waitFor();
      expect(await ctx.page.getByTestId('download-result').count()).toBe(0);
    },
  },
  {
    name: 'shows the error toast when nothing is found on the page',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([fileUpload('empty.png', 'image/png', photoSheet([]))]);
      await ctx.actionButton().click();
      await ctx.errorToast();
      expect(await ctx.page.getByTestId('download-result').count()).toBe(0);
    },
  },
]);
