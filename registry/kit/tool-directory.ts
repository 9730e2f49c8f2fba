import type { AnyTool } from './define-tool';

let registered: readonly AnyTool[] = [];

/**
 * Every tool, for the checks that name other tools (a pipeline's steps): a tool
 * file cannot import registry/index.ts, which imports it. The generated index
 * registers the list once it is built, before any check can run.
 */
export function registerTools(all: readonly AnyTool[]): void {
  registered = all;
}

/** The tools registry/index.ts registered; empty until it has loaded. */
export function registeredTools(): readonly AnyTool[] {
  return registered;
}
