import { parsePipelineDefinition, type PipelineDefinition } from '@folio/registry';

/**
 * The editor's pipeline: the definition (reference §7.1) with an id per step, so
 * React keeps a step's form (and its focus) when steps move. Every operation
 * here returns a new state; the widget reports `toJson(state)` after each.
 */

export interface EditorStep {
  /** Stable within the editor only; never saved. */
  id: string;
  operation: string;
  parameters: Record<string, unknown>;
}

export interface EditorState {
  name: string;
  steps: EditorStep[];
  /** Kept as loaded (watched folders, reference §7.1); the editor does not show them. */
  extra?: Pick<PipelineDefinition, 'outputDir' | 'outputFileName'>;
}

let lastId = 0;
/** A fresh step id. */
export function newStepId(): string {
  lastId += 1;
  return `step-${lastId}`;
}

export const EMPTY_PIPELINE: EditorState = { name: '', steps: [] };

export function fromDefinition(definition: PipelineDefinition): EditorState {
  const { name, pipeline, ...extra } = definition;
  return {
    name,
    steps: pipeline.map((step) => ({ id: newStepId(), operation: step.operation, parameters: { ...step.parameters } })),
    ...(Object.keys(extra).length > 0 ? { extra } : {}),
  };
}

export function toDefinition(state: EditorState): PipelineDefinition {
  return {
    name: state.name,
    pipeline: state.steps.map(({ operation, parameters }) => ({ operation, parameters })),
    ...state.extra,
  };
}

/** The definition as the `json` field carries it and as a saved file holds it. */
export function toJson(state: EditorState, indent?: number): string {
  return JSON.stringify(toDefinition(state), null, indent);
}

/** The field's value (JSON text) as editor state; an empty pipeline when it holds none. */
export function stateFromValue(value: unknown): EditorState {
  if (typeof value !== 'string' || value.trim() === '') return EMPTY_PIPELINE;
  const parsed = parsePipelineDefinition(value);
  return 'definition' in parsed ? fromDefinition(parsed.definition) : EMPTY_PIPELINE;
}

export function rename(state: EditorState, name: string): EditorState {
  return { ...state, name };
}

/** Appends a step; returns the state and the new step's id (to focus it). */
export function addStep(state: EditorState, operation: string, parameters: Record<string, unknown>): [EditorState, string] {
  const id = newStepId();
  return [{ ...state, steps: [...state.steps, { id, operation, parameters }] }, id];
}

export function removeStep(state: EditorState, id: string): EditorState {
  return { ...state, steps: state.steps.filter((step) => step.id !== id) };
}

/** Inserts a copy right after the step; returns the state and the copy's id. */
export function duplicateStep(state: EditorState, id: string): [EditorState, string | undefined] {
  const index = state.steps.findIndex((step) => step.id === id);
  if (index < 0) return [state, undefined];
  const original = state.steps[index]!;
  const copy: EditorStep = { id: newStepId(), operation: original.operation, parameters: structuredClone(original.parameters) };
  return [{ ...state, steps: [...state.steps.slice(0, index + 1), copy, ...state.steps.slice(index + 1)] }, copy.id];
}

/** Moves a step to position `to` (0-based, clamped), the others closing up around it. */
export function moveStepTo(state: EditorState, id: string, to: number): EditorState {
  const from = state.steps.findIndex((step) => step.id === id);
  if (from < 0) return state;
  const target = Math.max(0, Math.min(state.steps.length - 1, to));
  if (target === from) return state;
  const steps = [...state.steps];
  const [moved] = steps.splice(from, 1);
  steps.splice(target, 0, moved!);
  return { ...state, steps };
}

/** Moves a step up (-1) or down (+1); at either end nothing changes. */
export function moveStep(state: EditorState, id: string, delta: -1 | 1): EditorState {
  const from = state.steps.findIndex((step) => step.id === id);
  return from < 0 ? state : moveStepTo(state, id, from + delta);
}

export function setParameters(state: EditorState, id: string, parameters: Record<string, unknown>): EditorState {
  return { ...state, steps: state.steps.map((step) => (step.id === id ? { ...step, parameters } : step)) };
}

/** A file name for the definition: the pipeline's name made safe, `.json` added. e.g. 'Prepare for e-mail' → 'Prepare for e-mail.json' */
export function definitionFileName(name: string): string {
  const safe = name
    .trim()
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_')
    .replace(/^\.+/, '');
  return `${safe === '' ? 'pipeline' : safe}.json`;
}

/**
 * Where a step dragged from `from` lands when dropped on the step at `over`,
 * before it or (`after`) after it: its new index once removed from `from`.
 */
export function dropIndex(from: number, over: number, after: boolean): number {
  const slot = after ? over + 1 : over;
  return from < slot ? slot - 1 : slot;
}
