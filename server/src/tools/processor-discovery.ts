import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Type } from '@nestjs/common';
import type { AnyTool } from '@folio/registry';
import { ToolProcessor, type Processor } from './processor';

/** A tool and the processor class that implements it. */
export interface ToolBinding {
  tool: AnyTool;
  processor: Type<Processor>;
}

const PROCESSOR_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.processor\.(js|ts)$/;
const REPO_ROOT = resolve(__dirname, '../../..');

/** The processors folder next to this one: src/processors under ts-jest, dist/processors when built. */
export const PROCESSORS_DIR = resolve(__dirname, '../processors');

/**
 * Loads every `<id>.processor.ts` in the folder and binds it to its registry
 * entry. No list is kept by hand: a new file is picked up at the next start.
 * All mismatches are reported together, each naming the files to fix.
 */
export function discoverProcessors(tools: readonly AnyTool[], dir = PROCESSORS_DIR): ToolBinding[] {
  const problems: string[] = [];
  const found = new Map<string, { processor: Type<Processor>; file: string }>();
  const show = (file: string) => relative(REPO_ROOT, file);

  for (const name of readdirSync(dir).sort()) {
    const match = PROCESSOR_FILE.exec(name);
    if (!match) continue;
    const file = join(dir, name);
    const fileId = match[1];
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
      problems.push(`${show(file)} declares tool "${tool.id}"; rename the file to ${tool.id}.processor.ts or decorate it with the "${fileId}" tool.`);
      continue;
    }
    if (!tools.some((t) => t.id === tool.id)) {
      problems.push(`${show(file)} implements tool "${tool.id}", which has no registry entry: create registry/${tool.id}.tool.ts and run \`npm run registry-index\`.`);
      continue;
    }
    found.set(tool.id, { processor: classes[0], file });
  }

  for (const tool of tools) {
    if (!found.has(tool.id)) {
      problems.push(`Tool "${tool.id}" (registry/${tool.id}.tool.ts) has no processor: create server/src/processors/${tool.id}.processor.ts (\`npm run new-tool\` writes one).`);
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
