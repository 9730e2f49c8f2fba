import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { tools, type CategoryId } from '@folio/registry';
import type { Page } from 'playwright-core';
import type { CategorySlices } from '../../server/test/category-slices';
import { useAppAndBrowser } from './browser';
import { CASE_TIMEOUT_MS, SCENARIO_SUFFIX, scenarioContext, type LoadedScenarioFile, type Scenario } from './scenario';

/**
 * The tools' browser scenarios run in one file per category (`tools.<category>.e2e.spec.ts`),
 * each with its own app and Chromium, so jest runs them side by side; tools.e2e.spec.ts checks
 * that every tool has a scenario and every category its slice.
 */
export const TOOL_SCENARIO_SLICES: CategorySlices = { folder: 'web/e2e', prefix: 'tools.', suffix: '.e2e.spec.ts', runner: 'describeToolScenarios' };

const SCENARIO_FOLDER = join(__dirname, 'scenarios');

/**
 * The files in `scenarios/` (those of the tools `ids`, when given), loaded in name order;
 * a file that throws is reported, not fatal.
 */
export function loadScenarioFiles(ids?: readonly string[]): LoadedScenarioFile[] {
  return readdirSync(SCENARIO_FOLDER)
    .filter((file) => file.endsWith(SCENARIO_SUFFIX) && (!ids || ids.includes(file.slice(0, -SCENARIO_SUFFIX.length))))
    .sort()
    .map((file) => {
      try {
        const exported = (require(join(SCENARIO_FOLDER, file)) as { default?: Scenario }).default;
        return exported ? { file, scenario: exported } : { file, loadError: 'it has no default export' };
      } catch (error) {
        return { file, loadError: `loading it threw: ${(error as Error).message}` };
      }
    });
}

/** The browser scenarios of the tools in `category`, each case on a new page with nothing stored: a slice file's one call. */
export function describeToolScenarios(category: CategoryId): void {
  const sliceTools = tools.filter((t) => t.category === category);
  if (sliceTools.length === 0)
    throw new Error(`Browser scenarios: no registered tool is in category "${category}"; remove web/e2e/tools.${category}.e2e.spec.ts.`);
  jest.setTimeout(CASE_TIMEOUT_MS);

  describe(`every ${category} tool in a real browser`, () => {
    // One app, one Chromium and one browser context for the slice, emptied after each case; the harness replaces a Chromium that crashed.
    const { app, pageInFileContext } = useAppAndBrowser();
    let page: Page;
    beforeEach(async () => {
      page = await pageInFileContext({ acceptDownloads: true });
    });

    for (const { file, scenario } of loadScenarioFiles(sliceTools.map((t) => t.id))) {
      // A scenario that does not load, or is for another tool than its file says, is reported by the coverage check in tools.e2e.spec.ts, not run.
      if (scenario?.tool?.id !== file.slice(0, -SCENARIO_SUFFIX.length)) continue;
      const { tool } = scenario;
      describe(`${tool.id} (${tool.title})`, () => {
        if (scenario.noBrowserRun !== undefined) it.skip(`no browser run: ${scenario.noBrowserRun}`, () => undefined);
        for (const scenarioCase of scenario.cases) {
          it(scenarioCase.name, () => scenarioCase.run(scenarioContext(tool, page, app.baseUrl)));
        }
      });
    }

    // Declared after the scenarios, so it runs once they all have.
    describe('after every scenario', () => {
      it('leaves no uploaded or temporary file behind', async () => {
        await new Promise((r) => setTimeout(r, 200));
        expect(app.leftovers()).toEqual([]);
      });
    });
  });
}
