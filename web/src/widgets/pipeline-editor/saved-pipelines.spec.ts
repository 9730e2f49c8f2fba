import { describe, expect, it } from '@jest/globals';
import { deleteSaved, listSaved, MAX_SAVED_PIPELINES, SAVED_PIPELINES_KEY, savePipeline, type KeyValueStore } from './saved-pipelines';

function memoryStore(initial?: string): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>(initial === undefined ? [] : [[SAVED_PIPELINES_KEY, initial]]);
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
}

const named = (name: string, angle = 90) => ({ name, pipeline: [{ operation: '/api/v1/general/rotate-pdf', parameters: { angle } }] });

describe('pipelines saved in the browser', () => {
  it('keeps pipelines by name, the latest first, replacing one saved under the same name', () => {
    const store = memoryStore();
    savePipeline(store, named('A'));
    savePipeline(store, named('B'));
    savePipeline(store, named('A', 180));
    expect(listSaved(store)).toEqual([named('A', 180), named('B')]);
  });

  it('deletes by name', () => {
    const store = memoryStore();
    savePipeline(store, named('A'));
    savePipeline(store, named('B'));
    expect(deleteSaved(store, 'A')).toEqual([named('B')]);
    expect(listSaved(store)).toEqual([named('B')]);
  });

  it(`keeps at most ${MAX_SAVED_PIPELINES}, dropping the oldest`, () => {
    const store = memoryStore();
    for (let i = 0; i < MAX_SAVED_PIPELINES + 2; i++) savePipeline(store, named(`P${i}`));
    const names = listSaved(store).map((saved) => saved.name);
    expect(names).toHaveLength(MAX_SAVED_PIPELINES);
    expect(names[0]).toBe(`P${MAX_SAVED_PIPELINES + 1}`);
    expect(names).not.toContain('P0');
  });

  it('skips what is not a named definition, and survives a broken entry', () => {
    expect(listSaved(memoryStore('not json'))).toEqual([]);
    expect(listSaved(memoryStore('{"a":1}'))).toEqual([]);
    expect(listSaved(memoryStore(JSON.stringify([named('ok'), { name: 'no steps' }, { name: '', pipeline: [] }, 3])))).toEqual([named('ok')]);
  });
});
