import { showJavascriptTool } from '@folio/registry';
import { activeContentPdf } from '../../../server/test/support/active-content-pdfs';
import { makePdf } from '../../../server/test/support/pdfs';
import { bigScriptPdf } from '../../../server/test/support/script-pdfs';
import { defineScenario, pdfUpload } from '../scenario';

/** Where the screenshot of a result is saved, when asked: FOLIO_SCREENSHOT_DIR=/tmp/shots. */
const SHOTS = process.env.FOLIO_SCREENSHOT_DIR;

export default defineScenario(showJavascriptTool, [
  {
    name: "shows 'Extracting...' while busy, then every script highlighted in a code box, and saves extracted.js",
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('report.pdf', activeContentPdf())]);
      // Hold the answer a moment to see the busy state.
      await ctx.page.route(`**${showJavascriptTool.endpoint}`, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      });
      const button = ctx.actionButton();
      expect(await button.innerText()).toBe('Show');
      const done = ctx.run();
      await ctx.page.getByRole('button', { name: 'Extracting...' }).waitFor();
      expect(await ctx.page.getByRole('button', { name: 'Extracting...' }).isDisabled()).toBe(true);
      await done;
      await ctx.expectResultView();

      const box = ctx.page.getByTestId('javascript-code');
      await box.waitFor();
      const code = await box.locator('pre').innerText();
      expect(code.startsWith("// File: report.pdf, Script: init\napp.alert('document script');\n")).toBe(true);
      expect(code).toContain('// File: report.pdf, Script: Page 1, form field "email", keystroke (/AA /K)');
      // Highlighted: the header lines as comments, the alerts' texts as strings.
      expect(await box.locator('.js-code__comment').first().innerText()).toBe('// File: report.pdf, Script: init');
      expect(await box.locator('.js-code__string').allInnerTexts()).toContain("'keystroke'");
      // The box scrolls instead of growing with its text.
      const height = await box.locator('pre').evaluate((pre) => ({ client: pre.clientHeight, scroll: pre.scrollHeight }));
      expect(height.client).toBeLessThanOrEqual(600);
      if (SHOTS) await ctx.page.screenshot({ path: `${SHOTS}/show-javascript.png`, fullPage: true });

      const result = await ctx.download();
      expect(result.name).toBe('extracted.js');
      expect(result.buttonText).toBe('Download JS');
      expect(result.bytes.toString('utf8').replace(/\n$/, '')).toBe(code.replace(/\n$/, ''));

      // Removing the file clears the result and its download.
      await ctx.page.getByRole('button', { name: 'Remove report.pdf' }).click();
      expect(await ctx.page.getByTestId('javascript-code').count()).toBe(0);
      expect(await ctx.page.getByTestId('download-result').count()).toBe(0);
    },
  },
  {
    name: 'says so when the file has no script',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('plain.pdf', await makePdf(1))]);
      await ctx.run();
      expect(await ctx.page.getByTestId('javascript-code').locator('pre').innerText()).toBe("PDF 'plain.pdf' does not contain Javascript");
    },
  },
  {
    name: 'shows a script of megabytes without freezing the page, highlighting only its start, and saves all of it',
    run: async (ctx) => {
      const line = "console.println('a line of a very long generated script');\n";
      const script = line.repeat(Math.ceil((3 * 1024 * 1024) / line.length));
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('big.pdf', bigScriptPdf(Buffer.from(script)))]);
      await ctx.run();
      const box = ctx.page.getByTestId('javascript-code');
      await box.waitFor();
      expect(await ctx.page.getByTestId('javascript-code-note').innerText()).toMatch(
        /the first 2 million characters are shown, the first 200,000 highlighted\. Download JS saves all of them\./,
      );
      // The page still answers at once: the box scrolls to its end.
      const started = Date.now();
      await box.locator('pre').evaluate((pre) => pre.scrollTo(0, pre.scrollHeight));
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await box.locator('span').count()).toBeLessThan(20_000);
      const result = await ctx.download();
      expect(result.bytes.toString('utf8')).toBe(`// File: big.pdf, Script: big\n${script}\n`);
    },
  },
]);
