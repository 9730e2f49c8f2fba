import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addImageTool, addPageNumbersTool, checkPipeline, compressTool, pipelineStepBlocker, pipelineTool, rotateTool, tools } from '@folio/registry';
import type { Locator, Page } from 'playwright-core';
import { makePdf, withTempDir } from '../../../server/test/support/pdfs';
import { plainPageTexts } from '../../../server/test/support/marks';
import { defineScenario, pdfUpload, type ScenarioContext } from '../scenario';

/** Each page's rotation as Poppler's pdfinfo reports it ('Page    1 rot:  90'). */
function rotations(pdf: Buffer): number[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '999', join(dir, 'x.pdf')], { encoding: 'utf8' });
    return [...info.matchAll(/^Page\s+\d+\s+rot:\s+(\d+)/gm)].map((match) => Number(match[1]));
  });
}

/** The entries of a ZIP, unpacked by Info-ZIP's unzip: name → bytes. */
function unzipped(zip: Buffer): Map<string, Buffer> {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'result.zip'), zip);
    execFileSync('unzip', ['-q', join(dir, 'result.zip'), '-d', join(dir, 'out')]);
    return new Map(readdirSync(join(dir, 'out')).map((name) => [name, readFileSync(join(dir, 'out', name))]));
  });
}

const steps = (page: Page) => page.getByTestId('pipeline-step');
const stepOf = (page: Page, title: string): Locator => steps(page).filter({ has: page.getByRole('heading', { name: title }) });
const operations = (page: Page) => steps(page).evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.operation));

async function addStep(ctx: ScenarioContext, search: string, title: string): Promise<void> {
  await ctx.page.getByRole('button', { name: '+ Add step', exact: true }).click();
  await ctx.page.getByLabel('Search tools', { exact: true }).fill(search);
  await ctx.page
    .getByTestId('pipeline-picker')
    .getByRole('button', { name: new RegExp(`^${title}`) })
    .click();
  // The new step has the focus, ready for Alt+Arrow.
  await stepOf(ctx.page, title).and(ctx.page.locator(':focus')).waitFor();
}

/** The label of Compress's level 2, as the step's select shows it. */
const LEVEL_2 = compressTool.fields.optimizeLevel.options.find((option) => option.value === 2)!.label;

export default defineScenario(pipelineTool, [
  {
    name: 'builds Rotate 90 → Add Page Numbers → Compress level 2, saves it in the browser and as <name>.json, reloads, loads it and runs it on two PDFs (output.zip)',
    run: async (ctx) => {
      const { page } = ctx;
      await ctx.open();
      await page.getByLabel('Pipeline name', { exact: true }).fill('Turn, number, shrink');
      await addStep(ctx, 'rotate', rotateTool.title);
      await addStep(ctx, 'compress', compressTool.title);
      await addStep(ctx, 'page numbers', addPageNumbersTool.title);
      // Keyboard reordering: Alt+ArrowUp on the focused step moves it above Compress.
      await page.keyboard.press('Alt+ArrowUp');
      expect(await operations(page)).toEqual([rotateTool.endpoint, addPageNumbersTool.endpoint, compressTool.endpoint]);

      await stepOf(page, rotateTool.title).getByLabel('Angle', { exact: true }).selectOption({ label: '90° clockwise' });
      await stepOf(page, addPageNumbersTool.title).getByLabel('Custom text', { exact: true }).fill('Page {n} of {total}');
      await stepOf(page, compressTool.title).getByLabel('Compression level', { exact: true }).selectOption({ label: LEVEL_2 });
      expect(await page.getByTestId('pipeline-summary').count()).toBe(0);

      await page.getByRole('button', { name: 'Save in this browser', exact: true }).click();
      await page.getByTestId('pipeline-saved').getByText('Turn, number, shrink').waitFor();
      const [saved] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download JSON', exact: true }).click()]);
      expect(saved.suggestedFilename()).toBe('Turn, number, shrink.json');
      const file = JSON.parse(readFileSync((await saved.path())!, 'utf8')) as {
        name: string;
        pipeline: { operation: string; parameters: Record<string, unknown> }[];
      };
      expect(file.name).toBe('Turn, number, shrink');
      expect(file.pipeline.map((step) => step.operation)).toEqual([rotateTool.endpoint, addPageNumbersTool.endpoint, compressTool.endpoint]);
      expect(file.pipeline[0]!.parameters).toMatchObject({ angle: 90 });
      expect(file.pipeline[1]!.parameters).toMatchObject({ customText: 'Page {n} of {total}' });
      expect(file.pipeline[2]!.parameters).toMatchObject({ optimizeLevel: 2 });

      // A fresh page starts empty; the saved pipeline comes back from the browser's list.
      await page.reload();
      await page.getByTestId('pipeline-empty').waitFor();
      await page.getByRole('button', { name: 'Load “Turn, number, shrink”', exact: true }).click();
      expect(await operations(page)).toEqual([rotateTool.endpoint, addPageNumbersTool.endpoint, compressTool.endpoint]);
      expect(await page.getByLabel('Pipeline name', { exact: true }).inputValue()).toBe('Turn, number, shrink');

      await ctx.chooseFiles([pdfUpload('alpha.pdf', await makePdf(2, { label: 'alpha' })), pdfUpload('beta.pdf', await makePdf(3, { label: 'beta' }))]);
      await ctx.run();
      const result = await ctx.download();
      expect(result.name).toBe('output.zip');
      const entries = unzipped(result.bytes);
      expect([...entries.keys()].length).toBe(2);
      const byLabel = (label: string) => [...entries.entries()].find(([name]) => name.startsWith(label))![1];
      for (const [label, pages] of [
        ['alpha', 2],
        ['beta', 3],
      ] as const) {
        const pdf = byLabel(label);
        expect(rotations(pdf)).toEqual(Array.from({ length: pages }, () => 90));
        const texts = plainPageTexts(pdf);
        expect(texts).toHaveLength(pages);
        texts.forEach((text, index) => {
          expect(text).toContain(`${label} page ${index + 1}`);
          expect(text).toContain(`Page ${index + 1} of ${pages}`);
        });
      }
    },
  },
  {
    name: 'previews a single PDF result (served as application/octet-stream under a .pdf name)',
    run: async (ctx) => {
      await ctx.open();
      await ctx.page.getByLabel('Pipeline name', { exact: true }).fill('Turn');
      await addStep(ctx, 'rotate', rotateTool.title);
      await ctx.chooseFiles([pdfUpload('single.pdf', await makePdf(1, { label: 'single' }))]);
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toMatch(/\.pdf$/);
      expect(rotations(result.bytes)).toEqual([90]);
    },
  },
  {
    name: 'shows an out-of-range option next to its field, with the server’s own message, and sends nothing',
    run: async (ctx) => {
      const { page } = ctx;
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posts.push(request.url());
      });
      await ctx.open();
      await page.getByLabel('Pipeline name', { exact: true }).fill('Padded');
      await addStep(ctx, 'page numbers', addPageNumbersTool.title);
      const padding = stepOf(page, addPageNumbersTool.title).getByLabel('Zero padding', { exact: true });
      await padding.fill('25');

      const [expected] = checkPipeline({ name: 'Padded', pipeline: [{ operation: addPageNumbersTool.endpoint, parameters: { zeroPad: 25 } }] }, tools);
      expect(expected).toMatchObject({ step: 1, field: 'zeroPad' });
      const errorId = `${await padding.getAttribute('id')}__error`;
      expect(await page.locator(`[id="${errorId}"]`).innerText()).toContain(expected!.message);
      expect((await padding.getAttribute('aria-describedby'))!.split(' ')).toContain(errorId);

      // Running is refused before anything is sent.
      await ctx.chooseFiles([pdfUpload('a.pdf', await makePdf(1))]);
      await ctx.actionButton().click();
      await page.getByText(expected!.message, { exact: false }).first().waitFor();
      expect(posts).toEqual([]);

      // Fixed: the message goes.
      await padding.fill('3');
      await page.locator(`[id="${errorId}"]`).waitFor({ state: 'detached' });
    },
  },
  {
    name: 'reorders steps by drag and by buttons, duplicates and removes them (an example to start from)',
    run: async (ctx) => {
      const { page } = ctx;
      await ctx.open();
      const [repair, sanitize, compress] = ['/api/v1/misc/repair', '/api/v1/security/sanitize-pdf', compressTool.endpoint];
      await page.getByRole('button', { name: 'Use example “Prepare for e-mail”', exact: true }).click();
      expect(await operations(page)).toEqual([repair, sanitize, compress]);
      expect(await page.getByLabel('Pipeline name', { exact: true }).inputValue()).toBe('Prepare for e-mail');

      // Drag the last step by its grip onto the top half of the first: it goes first.
      await steps(page)
        .nth(2)
        .locator('.pipeline-step__grip')
        .dragTo(steps(page).nth(0), { targetPosition: { x: 40, y: 4 } });
      expect(await operations(page)).toEqual([compress, repair, sanitize]);

      await page.getByRole('button', { name: `Move down step 1 (${compressTool.title})`, exact: true }).click();
      expect(await operations(page)).toEqual([repair, compress, sanitize]);
      // The focus stays on the button of the step that moved.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move down step 2 (${compressTool.title})`);

      await page.getByRole('button', { name: `Duplicate step 2 (${compressTool.title})`, exact: true }).click();
      expect(await operations(page)).toEqual([repair, compress, compress, sanitize]);
      await page.getByRole('button', { name: /^Remove step 1 / }).click();
      expect(await operations(page)).toEqual([compress, compress, sanitize]);
    },
  },
  {
    name: 'lists a tool that cannot be a step (Add Image) disabled, with the reason shown',
    run: async (ctx) => {
      const { page } = ctx;
      await ctx.open();
      await page.getByRole('button', { name: '+ Add step', exact: true }).click();
      await page.getByLabel('Search tools', { exact: true }).fill('image');
      const picker = page.getByTestId('pipeline-picker');
      const blocked = picker.getByRole('button', { name: new RegExp(`^${addImageTool.title}`) });
      expect(await blocked.isDisabled()).toBe(true);
      const reason = pipelineStepBlocker(addImageTool)!;
      expect(await picker.getByText(reason, { exact: true }).isVisible()).toBe(true);
      expect(await blocked.getAttribute('aria-describedby')).toBe(await picker.getByText(reason, { exact: true }).getAttribute('id'));
      // Every registered tool is listed.
      await page.getByLabel('Search tools', { exact: true }).fill('');
      expect(await picker.locator('[data-tool]').count()).toBe(tools.length);
    },
  },
]);
