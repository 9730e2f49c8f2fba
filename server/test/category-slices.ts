import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const REPO = resolve(__dirname, '../..');

/**
 * A cross-tool suite cut into one file per tool category, so that jest spreads it over its
 * workers: the QA matrix (server/test/tools.matrix.<category>.spec.ts) and the tools' browser
 * scenarios (web/e2e/tools.<category>.e2e.spec.ts). Each slice file is one call of the suite's
 * runner with its category; `sliceProblems` keeps files and categories one to one.
 */
export interface CategorySlices {
  /** The folder of the slice files, from the repo root. e.g. 'server/test' */
  folder: string;
  /** A slice file's name before its category. e.g. 'tools.matrix.' */
  prefix: string;
  /** A slice file's name after its category. e.g. '.spec.ts' */
  suffix: string;
  /** The runner a slice file calls with its category. e.g. 'describeQaMatrixSlice' */
  runner: string;
}

/** A slice file as found. */
export interface SliceFile {
  /** e.g. 'tools.matrix.organize.spec.ts' */
  name: string;
  text: string;
}

/** The file of one category's slice. e.g. 'tools.matrix.organize.spec.ts' */
export function sliceFileName(slices: CategorySlices, category: string): string {
  return `${slices.prefix}${category}${slices.suffix}`;
}

/** The call that makes a file the slice of `category`. e.g. "describeQaMatrixSlice('organize')" */
function sliceCall(slices: CategorySlices, category: string): string {
  return `${slices.runner}('${category}')`;
}

/** The category a file name is the slice of, if it is named like one. */
function categoryOfFile(slices: CategorySlices, name: string): string | undefined {
  const fits = name.length > slices.prefix.length + slices.suffix.length && name.startsWith(slices.prefix) && name.endsWith(slices.suffix);
  return fits ? name.slice(slices.prefix.length, -slices.suffix.length) : undefined;
}

/** Every file in the slices' folder named like a slice. */
export function readSliceFiles(slices: CategorySlices): SliceFile[] {
  const folder = join(REPO, slices.folder);
  return readdirSync(folder)
    .filter((name) => categoryOfFile(slices, name) !== undefined)
    .sort()
    .map((name) => ({ name, text: readFileSync(join(folder, name), 'utf8') }));
}

/**
 * Everything between the categories that have tools and the slice files, one message per
 * problem, each naming the file to add, fix or remove. Empty when every category has exactly
 * one slice, and every slice runs its own category.
 */
export function sliceProblems(slices: CategorySlices, categories: readonly string[], files: readonly SliceFile[]): string[] {
  const problems: string[] = [];
  const found = new Set<string>();
  for (const { name, text } of files) {
    const category = categoryOfFile(slices, name);
    if (category === undefined) continue;
    const where = `${slices.folder}/${name}`;
    if (!categories.includes(category)) {
      problems.push(`${where}: no registered tool is in category "${category}"; remove the file, or name it after one of ${categories.join(', ')}.`);
    } else if (!text.includes(sliceCall(slices, category))) {
      problems.push(`${where}: it does not run its category; it must call ${sliceCall(slices, category)}.`);
    } else {
      found.add(category);
    }
  }
  for (const category of categories) {
    if (!found.has(category)) {
      problems.push(
        `Category "${category}" has tools but no slice of this suite: add ${slices.folder}/${sliceFileName(slices, category)} calling ${sliceCall(slices, category)}.`,
      );
    }
  }
  return problems;
}
