import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { tools, type AnyTool } from '@folio/registry';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, startBuiltApp, type RunningApp } from './browser';
import { CASE_TIMEOUT_MS, SCENARIO_SUFFIX, scenarioContext, scenarioProblems, type LoadedScenarioFile, type Scenario } from './scenario';

jest.setTimeout(CASE_TIMEOUT_MS);

/** Every `scenarios/<id>.scenario.ts`, loaded once; a file that throws is reported, not fatal. */
function loadScenarioFiles(): LoadedScenarioFile[] {
  const folder = join(__dirname, 'scenarios');
  return readdirSync(folder)
    .filter((file) => file.endsWith(SCENARIO_SUFFIX))
    .sort()
    .map((file) => {
      try {
        const exported = (require(join(folder, file)) as { default?: Scenario }).default;
        return exported ? { file, scenario: exported } : { file, loadError: 'it has no default export' };
      } catch (error) {
        return { file, loadError: `loading it threw: ${(error as Error).message}` };
      }
    });
}

const loaded = loadScenarioFiles();

describe('browser scenarios: one per registered tool', () => {
  it('every registered tool has exactly one scenario file, named for its id, and every scenario names a registered tool', () => {
    const problems = scenarioProblems(tools, loaded);
    if (problems.length) throw new Error(`${problems.length} problem(s) with web/e2e/scenarios:\n- ${problems.join('\n- ')}`);
  });

  // The check above is only worth something if it can fail; these feed it what a mistake looks like.
  describe('the coverage check', () => {
    const tool = (id: string) => ({ id }) as AnyTool;
    const scenarioFor = (id: string): Scenario => ({ tool: tool(id), cases: [{ name: 'runs', run: async () => undefined }] });

    it('names a registered tool that has no scenario file', () => {
      expect(scenarioProblems([tool('rotate'), tool('merge')], [{ file: 'rotate.scenario.ts', scenario: scenarioFor('rotate') }])).toEqual([
        expect.stringMatching(/^Tool "merge" \(registry\/merge\.tool\.ts\) has no browser scenario: add web\/e2e\/scenarios\/merge\.scenario\.ts/),
      ]);
    });

    it('names a scenario whose tool is not registered', () => {
      expect(scenarioProblems([tool('rotate')], [{ file: 'rotate.scenario.ts', scenario: scenarioFor('rotate') }, { file: 'shred.scenario.ts', scenario: scenarioFor('shred') }])).toEqual([
        expect.stringMatching(/^web\/e2e\/scenarios\/shred\.scenario\.ts: tool "shred" is not registered/),
      ]);
    });

    it('names a scenario file whose name is not its tool id', () => {
      const problems = scenarioProblems([tool('rotate'), tool('merge')], [{ file: 'rotate.scenario.ts', scenario: scenarioFor('rotate') }, { file: 'merge.scenario.ts', scenario: scenarioFor('rotate') }]);
      expect(problems).toEqual([expect.stringMatching(/merge\.scenario\.ts: its scenario is for tool "rotate"; rename/), expect.stringMatching(/^Tool "merge" .* has no browser scenario/)]);
    });

    it('names a file that fails to load, a scenario without cases, and a noBrowserRun without a reason', () => {
      const problems = scenarioProblems(
        [tool('a'), tool('b'), tool('c')],
        [
          { file: 'a.scenario.ts', loadError: 'loading it threw: boom' },
          { file: 'b.scenario.ts', scenario: { tool: tool('b'), cases: [] } },
          { file: 'c.scenario.ts', scenario: { tool: tool('c'), cases: [], noBrowserRun: ' ' } },
        ],
      );
      expect(problems).toEqual([
        expect.stringMatching(/^web\/e2e\/scenarios\/a\.scenario\.ts: loading it threw: boom/),
        expect.stringMatching(/b\.scenario\.ts: tool "b" has no case/),
        expect.stringMatching(/c\.scenario\.ts: noBrowserRun for tool "c" gives no reason/),
        expect.stringMatching(/^Tool "a" .* has no browser scenario/),
      ]);
    });

    it('accepts a noBrowserRun with a reason', () => {
      expect(scenarioProblems([tool('a')], [{ file: 'a.scenario.ts', scenario: { tool: tool('a'), cases: [], noBrowserRun: 'API only' } }])).toEqual([]);
    });
  });
});

describe('every tool in a real browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    app = await startBuiltApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  const registeredIds = new Set(tools.map((t) => t.id));
  for (const { scenario } of loaded) {
    // Unusable or unregistered scenarios are reported by the coverage check, not run.
    if (!scenario?.tool?.id || !registeredIds.has(scenario.tool.id)) continue;
    const { tool } = scenario;
    describe(`${tool.id} (${tool.title})`, () => {
      // A browser of its own per tool: one Chromium through every scenario of every tool
      // (over a hundred, with PDF previews) crashed part-way and took all later tools with it.
      beforeAll(async () => {
        browser = await launchChromium();
      });
      afterAll(() => browser?.close());
      beforeEach(async () => {
        context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
        page = await context.newPage();
      });
      afterEach(() => context?.close());
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
