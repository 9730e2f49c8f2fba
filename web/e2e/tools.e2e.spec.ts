import { tools, type AnyTool } from '@folio/registry';
import { readSliceFiles, sliceProblems } from '../../server/test/category-slices';
import { scenarioProblems, type Scenario } from './scenario';
import { loadScenarioFiles, TOOL_SCENARIO_SLICES } from './tool-scenarios';

/**
 * The tools' browser scenarios run in one file per category (tools.<category>.e2e.spec.ts, see
 * tool-scenarios.ts). This file checks that every tool has its scenario and every category its slice.
 */

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
      expect(
        scenarioProblems(
          [tool('rotate')],
          [
            { file: 'rotate.scenario.ts', scenario: scenarioFor('rotate') },
            { file: 'shred.scenario.ts', scenario: scenarioFor('shred') },
          ],
        ),
      ).toEqual([expect.stringMatching(/^web\/e2e\/scenarios\/shred\.scenario\.ts: tool "shred" is not registered/)]);
    });

    it('names a scenario file whose name is not its tool id', () => {
      const problems = scenarioProblems(
        [tool('rotate'), tool('merge')],
        [
          { file: 'rotate.scenario.ts', scenario: scenarioFor('rotate') },
          { file: 'merge.scenario.ts', scenario: scenarioFor('rotate') },
        ],
      );
      expect(problems).toEqual([
        expect.stringMatching(/merge\.scenario\.ts: its scenario is for tool "rotate"; rename/),
        expect.stringMatching(/^Tool "merge" .* has no browser scenario/),
      ]);
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

describe('browser scenario slices', () => {
  it('every category with tools has exactly one slice file, and each runs its own category', () => {
    const problems = sliceProblems(TOOL_SCENARIO_SLICES, [...new Set(tools.map((t) => t.category))], readSliceFiles(TOOL_SCENARIO_SLICES));
    if (problems.length) throw new Error(`${problems.length} problem(s) with the browser scenario slices:\n- ${problems.join('\n- ')}`);
  });
});
