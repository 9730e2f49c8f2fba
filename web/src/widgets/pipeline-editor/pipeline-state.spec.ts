import { describe, expect, it } from '@jest/globals';
import {
  addStep,
  definitionFileName,
  dropIndex,
  duplicateStep,
  EMPTY_PIPELINE,
  moveStep,
  moveStepTo,
  removeStep,
  rename,
  setParameters,
  stateFromValue,
  toDefinition,
  toJson,
  type EditorState,
} from './pipeline-state';

const ROTATE = '/api/v1/general/rotate-pdf';
const NUMBERS = '/api/v1/misc/add-page-numbers';
const COMPRESS = '/api/v1/misc/compress-pdf';

function threeSteps(): EditorState {
  let state = rename(EMPTY_PIPELINE, 'Mine');
  [state] = addStep(state, ROTATE, { angle: 90 });
  [state] = addStep(state, NUMBERS, { customText: '{n}' });
  [state] = addStep(state, COMPRESS, { optimizeLevel: 2 });
  return state;
}

const operations = (state: EditorState) => state.steps.map((step) => step.operation);

describe('pipeline editing', () => {
  it('builds the definition of reference §7.1, without the editor’s step ids', () => {
    expect(JSON.parse(toJson(threeSteps()))).toEqual({
      name: 'Mine',
      pipeline: [
        { operation: ROTATE, parameters: { angle: 90 } },
        { operation: NUMBERS, parameters: { customText: '{n}' } },
        { operation: COMPRESS, parameters: { optimizeLevel: 2 } },
      ],
    });
  });

  it('reads the field’s value back, keeping watched-folder keys it does not show', () => {
    const json = JSON.stringify({ name: 'X', pipeline: [{ operation: ROTATE, parameters: { angle: 180 } }], outputDir: 'out' });
    const state = stateFromValue(json);
    expect(toDefinition(state)).toEqual({ name: 'X', pipeline: [{ operation: ROTATE, parameters: { angle: 180 } }], outputDir: 'out' });
  });

  it('starts empty from a blank or unreadable value', () => {
    expect(stateFromValue('')).toEqual(EMPTY_PIPELINE);
    expect(stateFromValue('{nope')).toEqual(EMPTY_PIPELINE);
    expect(stateFromValue(undefined)).toEqual(EMPTY_PIPELINE);
  });

  it('gives every step its own id', () => {
    const ids = threeSteps().steps.map((step) => step.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('moves a step up and down, and not past either end', () => {
    const state = threeSteps();
    const [first, second, third] = state.steps;
    expect(operations(moveStep(state, second!.id, -1))).toEqual([NUMBERS, ROTATE, COMPRESS]);
    expect(operations(moveStep(state, second!.id, 1))).toEqual([ROTATE, COMPRESS, NUMBERS]);
    expect(moveStep(state, first!.id, -1)).toBe(state);
    expect(moveStep(state, third!.id, 1)).toBe(state);
  });

  it('moves a step to any position', () => {
    const state = threeSteps();
    expect(operations(moveStepTo(state, state.steps[2]!.id, 0))).toEqual([COMPRESS, ROTATE, NUMBERS]);
    expect(operations(moveStepTo(state, state.steps[0]!.id, 99))).toEqual([NUMBERS, COMPRESS, ROTATE]);
  });

  it('places a dropped step before or after the one it was dropped on', () => {
    // Dragging the first of three onto the last: before it → index 1, after it → index 2.
    expect(dropIndex(0, 2, false)).toBe(1);
    expect(dropIndex(0, 2, true)).toBe(2);
    // Dragging the last onto the first: before → 0, after → 1.
    expect(dropIndex(2, 0, false)).toBe(0);
    expect(dropIndex(2, 0, true)).toBe(1);
    // Onto itself: stays.
    expect(dropIndex(1, 1, false)).toBe(1);
    expect(dropIndex(1, 1, true)).toBe(1);
  });

  it('duplicates a step right after it, with its own copy of the options', () => {
    const state = threeSteps();
    const [next, copyId] = duplicateStep(state, state.steps[1]!.id);
    expect(operations(next)).toEqual([ROTATE, NUMBERS, NUMBERS, COMPRESS]);
    expect(next.steps[2]!.id).toBe(copyId);
    const edited = setParameters(next, copyId!, { customText: 'Page {n}' });
    expect(edited.steps[1]!.parameters).toEqual({ customText: '{n}' });
    expect(edited.steps[2]!.parameters).toEqual({ customText: 'Page {n}' });
  });

  it('removes a step', () => {
    const state = threeSteps();
    expect(operations(removeStep(state, state.steps[0]!.id))).toEqual([NUMBERS, COMPRESS]);
  });

  it('names the saved file after the pipeline, made safe', () => {
    expect(definitionFileName('Prepare for e-mail')).toBe('Prepare for e-mail.json');
    expect(definitionFileName('a/b:c')).toBe('a_b_c.json');
    expect(definitionFileName('  ')).toBe('pipeline.json');
    expect(definitionFileName('..hidden')).toBe('hidden.json');
  });
});
