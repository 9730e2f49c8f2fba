import { matchesFileType, type InputSpec } from '@folio/registry';
import { useCallback, useEffect, useRef, useState } from 'react';
import { forgetHandOff, handedOffFile } from '../../file-handoff/hand-off';
import { useToast } from '../../toast';
import { moveItem } from './file-order';

export interface ChosenFile {
  /** Stable React key; the same file may be chosen twice (merging a PDF with itself is legitimate). */
  key: number;
  file: File;
}

export type FileSource = 'pick' | 'drop';

export interface FileSelection {
  chosen: readonly ChosenFile[];
  /** The files in the order shown, which is the order they are sent in. */
  files: File[];
  /** Keeps the acceptable files: appended for multi-file tools, replacing for single-file ones. */
  add(incoming: readonly File[], source: FileSource): void;
  remove(key: number): void;
  /** Moves a chosen file to position `to` (0-based) of the list. */
  move(key: number, to: number): void;
  clear(): void;
}

/**
 * The files chosen for one tool, kept by its `input` rules. `onChange` runs on
 * every change, because choosing, adding, removing or reordering files voids a
 * previous result. `toolId` names the page, for a file handed over by another
 * tool's result ("Continue with another tool"): the list starts with it.
 */
export function useFileSelection(input: InputSpec, onChange: () => void, toolId?: string): FileSelection {
  const toast = useToast();
  const [chosen, setChosen] = useState<readonly ChosenFile[]>(() => {
    const handed = toolId === undefined ? undefined : handedOffFile(toolId);
    return handed && matchesFileType(handed, input.accept) ? [{ key: 0, file: handed }] : [];
  });
  const nextKey = useRef(1);

  useEffect(() => {
    if (toolId !== undefined) forgetHandOff(toolId);
  }, [toolId]);

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

  const move = useCallback(
    (key: number, to: number) => {
      setChosen((current) =>
        moveItem(
          current,
          current.findIndex((entry) => entry.key === key),
          to,
        ),
      );
      onChange();
    },
    [onChange],
  );

  const clear = useCallback(() => setChosen([]), []);

  return { chosen, files: chosen.map((entry) => entry.file), add, remove, move, clear };
}
