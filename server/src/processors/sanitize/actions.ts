import { isReference } from '../../pdf-objects/pdf-objects';
import type { Owner, PdfEdits } from '../../pdf-objects/object-edits';

/** Picks the actions to take out, by their dictionary. e.g. JavaScript actions */
export type ActionFilter = (action: Record<string, unknown>) => boolean;

/** Keys that hold one action: the document's open action, an annotation's, field's or outline item's action, a link's former URI action. */
const ACTION_KEYS = ['/OpenAction', '/A', '/PA'];

/**
 * Takes the actions `unwanted` picks out of everything `dict` holds as an
 * action: its open action, its action (/A, /PA) and each trigger of its
 * additional actions (/AA, dropped when emptied), /Next chains included.
 * Called on every dictionary of a file, it reaches the document, its pages,
 * annotations of every kind, form fields (terminal and parents) and outline items.
 */
export function removeHeldActions(edits: PdfEdits, dict: Record<string, unknown>, owner: Owner, unwanted: ActionFilter): void {
  for (const key of ACTION_KEYS) removeActions(edits, dict, owner, key, unwanted);
  const triggers = edits.open(dict['/AA'], owner);
  if (!triggers) return;
  for (const trigger of Object.keys(triggers.dict)) removeActions(edits, triggers.dict, triggers.owner, trigger, unwanted);
  if (Object.keys(triggers.dict).length === 0) {
    delete dict['/AA'];
    edits.touch(owner);
  }
}

/** An action's type, e.g. '/JavaScript' (a type given by reference is followed). */
export function actionType(edits: PdfEdits, action: Record<string, unknown>): unknown {
  return edits.pdf.resolve(action['/S']);
}

/**
 * Takes the actions `unwanted` picks out of the one action held under `key`
 * of `holder` (an /OpenAction, an annotation's /A, one trigger of an /AA):
 * a taken action is replaced by the actions chained after it (/Next), so only
 * it goes. Answers whether anything was taken. Values that are no action
 * dictionaries (an /OpenAction destination array) are left alone.
 */
export function removeActions(edits: PdfEdits, holder: Record<string, unknown>, owner: Owner, key: string, unwanted: ActionFilter): boolean {
  const value = holder[key];
  if (value === undefined) return false;
  const kept = new ActionChains(edits, unwanted).kept(value, owner);
  if (kept.length === 1 && kept[0] === value) return false;
  if (kept.length === 0) delete holder[key];
  else if (kept.length === 1) holder[key] = kept[0];
  else {
    // Several actions were chained after a taken one: the first now leads, the others follow it.
    const [first, ...rest] = kept;
    const lead = { ...edits.pdf.dict(first) };
    lead['/Next'] = [...rest, ...nextOf(edits, lead)];
    holder[key] = lead;
  }
  edits.touch(owner);
  return true;
}

/** The actions an action's /Next chains after it: one dictionary or an array of them. */
function nextOf(edits: PdfEdits, action: Record<string, unknown>): unknown[] {
  const next = action['/Next'];
  if (next === undefined) return [];
  return edits.pdf.array(next) ?? [next];
}

/**
 * Walks action chains once: each indirect action is worked out once however
 * often it is shared, and a chain that loops back ends there.
 */
class ActionChains {
  private readonly done = new Map<string, unknown[]>();
  private readonly inProgress = new Set<string>();

  constructor(
    private readonly edits: PdfEdits,
    private readonly unwanted: ActionFilter,
  ) {}

  /** What stands in for `value`: itself (its own chain cleaned), or, if it is taken, its cleaned /Next. */
  kept(value: unknown, owner: Owner): unknown[] {
    const action = this.edits.pdf.dict(value);
    if (!action) return [value];
    if (!isReference(value)) return this.clean(action, value, owner);
    const known = this.done.get(value);
    if (known) return known;
    if (this.inProgress.has(value)) return this.unwanted(action) ? [] : [value];
    this.inProgress.add(value);
    const result = this.clean(action, value, `obj:${value}`);
    this.inProgress.delete(value);
    this.done.set(value, result);
    return result;
  }

  private clean(action: Record<string, unknown>, value: unknown, owner: Owner): unknown[] {
    const next = nextOf(this.edits, action);
    const keptNext = next.flatMap((n) => this.kept(n, owner));
    if (this.unwanted(action)) return keptNext;
    if (keptNext.length !== next.length || keptNext.some((n, i) => n !== next[i])) {
      if (keptNext.length === 0) delete action['/Next'];
      else action['/Next'] = keptNext.length === 1 ? keptNext[0] : keptNext;
      this.edits.touch(owner);
    }
    return [value];
  }
}
