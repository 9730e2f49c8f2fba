import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Type } from '@nestjs/common';
import type { AnyTool } from '@folio/registry';
import { ToolProcessor, type Processor } from './processor';

/** A tool and the processor class that implements it. */
export interface ToolBinding {
  tool: AnyTool;
  processor: Type<Processor>;
}

const TOOL_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const REPO_ROOT = resolve(__dirname, '../../..');

/** The processors folder next to this one: src/processors under ts-jest, dist/processors when built. */
export const PROCESSORS_DIR = resolve(__dirname, '../processors');

/**
 * Loads every `<id>/<id>.processor.ts` in the folder and binds it to its registry
 * entry. No list is kept by hand: a new folder is picked up at the next start.
 * The folder holds only tool folders; a loose file is refused, so helpers land
 * beside the one tool that uses them or in a folder named for their subject.
 * All mismatches are reported together, each naming the files to fix.
 */
export function discoverProcessors(tools: readonly AnyTool[], dir = PROCESSORS_DIR): ToolBinding[] {
  const problems: string[] = [];
  const found = new Map<string, { processor: Type<Processor>; file: string }>();
  const show = (file: string) => relative(REPO_ROOT, file);

  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory()) {
      problems.push(
        `${show(join(dir, entry.name))} is a loose file: processors/ holds only tool folders. Move it into the folder of the one tool that uses it, or into a folder named for its subject (see README, "Where code goes").`,
      );
      continue;
    }
    const fileId = entry.name;
    const file = [`${fileId}.processor.js`, `${fileId}.processor.ts`].map((name) => join(dir, fileId, name)).find((path) => existsSync(path));
    if (!TOOL_ID.test(fileId) || !file) {
      problems.push(`${show(join(dir, fileId))}/ has no ${fileId}.processor.ts: each folder in processors/ is one tool, named by its id.`);
      continue;
    }
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = Object.values(require(file) as Record<string, unknown>);
    const classes = exported.filter(
      (value): value is Type<Processor> => typeof value === 'function' && Reflect.getMetadata(ToolProcessor.KEY, value) !== undefined,
    );
    if (classes.length !== 1) {
      problems.push(`${show(file)} must export exactly one class decorated with @ToolProcessor(<tool>); found ${classes.length}.`);
      continue;
    }
    const tool = Reflect.getMetadata(ToolProcessor.KEY, classes[0]) as AnyTool;
    if (tool.id !== fileId) {
      problems.push(`${show(file)} declares tool "${tool.id}"; rename its folder to processors/${tool.id}/ or decorate it with the "${fileId}" tool.`);
      continue;
    }
    if (!tools.some((t) => t.id === tool.id)) {
      problems.push(
        `${show(file)} implements tool "${tool.id}", which has no registry entry: create registry/${tool.id}.tool.ts and run \`npm run registry-index\`.`,
      );
      continue;
    }
    found.set(tool.id, { processor: classes[0], file });
  }

  for (const tool of tools) {
    if (!found.has(tool.id)) {
      problems.push(
        `Tool "${tool.id}" (registry/${tool.id}.tool.ts) has no processor: create server/src/processors/${tool.id}/${tool.id}.processor.ts (\`npm run new-tool\` writes one).`,
      );
    }
  }
  for (const group of groupByEndpoint(tools, (tool) => tool.endpoint)) {
    const owners = group.filter((tool) => !tool.sharesEndpoint);
    if (owners.length !== 1) {
      const ids = group.map((t) => `"${t.id}"`).join(', ');
      problems.push(
        owners.length === 0
          ? `Tools ${ids} all share endpoint ${group[0].endpoint}, but none owns it: remove \`sharesEndpoint\` from one of them.`
          : `Tools ${owners.map((t) => `"${t.id}"`).join(' and ')} both declare endpoint ${group[0].endpoint}; endpoints must be unique unless a tool declares \`sharesEndpoint\`.`,
      );
    }
  }

  if (problems.length > 0) {
    throw new Error(`The tool registry and the processors do not match:\n  - ${problems.join('\n  - ')}`);
  }
  return tools.map((tool) => ({ tool, processor: found.get(tool.id)!.processor }));
}

/** Items grouped by endpoint, in first-seen order: each group is one route, its owner plus any tools sharing it. */
export function groupByEndpoint<T>(items: readonly T[], endpointOf: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(endpointOf(item), [...(groups.get(endpointOf(item)) ?? []), item]);
  return [...groups.values()];
}
