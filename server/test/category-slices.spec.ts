import { sliceProblems, type CategorySlices } from './category-slices';

/** The slice check is only worth something if it can fail: these feed it what a mistake looks like. */
describe('the check that a suite has one slice file per category', () => {
  const slices: CategorySlices = { folder: 'server/test', prefix: 'tools.matrix.', suffix: '.spec.ts', runner: 'describeQaMatrixSlice' };
  const file = (category: string, runs = category) => ({ name: `tools.matrix.${category}.spec.ts`, text: `describeQaMatrixSlice('${runs}');\n` });

  it('accepts one slice per category, and ignores the files beside them', () => {
    expect(
      sliceProblems(
        slices,
        ['organize', 'edit'],
        [file('edit'), file('organize'), { name: 'tools.matrix.spec.ts', text: '' }, { name: 'fuzz.spec.ts', text: '' }],
      ),
    ).toEqual([]);
  });

  it('names a category without a slice, with the file to add and what it must call', () => {
    expect(sliceProblems(slices, ['organize', 'edit'], [file('organize')])).toEqual([
      'Category "edit" has tools but no slice of this suite: add server/test/tools.matrix.edit.spec.ts calling describeQaMatrixSlice(\'edit\').',
    ]);
  });

  it('names a slice whose category has no tool', () => {
    expect(sliceProblems(slices, ['organize'], [file('organize'), file('shapes')])).toEqual([
      expect.stringMatching(/^server\/test\/tools\.matrix\.shapes\.spec\.ts: no registered tool is in category "shapes"; remove the file/),
    ]);
  });

  it('names a slice that runs another category, which leaves its own unrun', () => {
    expect(sliceProblems(slices, ['organize', 'edit'], [file('organize'), file('edit', 'organize')])).toEqual([
      "server/test/tools.matrix.edit.spec.ts: it does not run its category; it must call describeQaMatrixSlice('edit').",
      expect.stringMatching(/^Category "edit" has tools but no slice/),
    ]);
  });
});
