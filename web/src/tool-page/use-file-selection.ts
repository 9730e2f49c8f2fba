import { matchesFileType, type InputSpec } from '@folio/registry';
import { useCallback, useRef, useState } from 'react';
import { useToast } from '../toast';

export interface ChosenFile {
  /** Stable React key; the same file may be chosen twice (merging a PDF with itself is legitimate). */
  key: number;
  file: File;
}

export type FileSource = 'pick' | 'drop';

export interface FileSelection {
  chosen: readonly ChosenFile[];
  files: File[];
  /** Keeps the acceptable files: appended for multi-file tools, replacing for single-file ones. */
  add(incoming: readonly File[], source: FileSource): void;
  remove(key: number): void;
  clear(): void;
}

/**
 * The files chosen for one tool, kept by its `input` rules. `onChange` runs on
 * every change, because choosing, adding or removing files voids a previous result.
 */
export function useFileSelection(input: InputSpec, onChange: () => void): FileSelection {
  const toast = useToast();
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const nextKey = useRef(1);

  const add = useCallback(
    (incoming: readonly File[], source: FileSource) => {
      const acceptable = incoming.filter((file) => matchesFileType(file, input.accept));
      if (acceptable.length === 0) {
        const { wrongType, dropWrongType } = input.messages;
        toast.warning(source === 'drop' ? (dropWrongType ?? wrongType) : wrongType);
        return;
      }
      const wrapped = acceptable.map((file) => ({ key: nextKey.current++, file }));
      setChosen((current) => {
        if (!input.multiple) return wrapped.slice(0, 1);
        const all = [...current, ...wrapped];
        return input.maxFiles === undefined ? all : all.slice(0, input.maxFiles);
      });
      onChange();
    },
    [input, toast, onChange],
  );

  const remove = useCallback(
    (key: number) => {
      setChosen((current) => current.filter((entry) => entry.key !== key));
      onChange();
    },
    [onChange],
  );

  const clear = useCallback(() => setChosen([]), []);

  return { chosen, files: chosen.map((entry) => entry.file), add, remove, clear };
}
