/**
 * Option names on the command line: a field's own name (the API's multipart
 * name, `pageNumbers`) and its kebab-case form (`page-numbers`), both accepted.
 */

/** e.g. 'pageNumbers' → 'page-numbers', 'angle_threshold' → 'angle-threshold', 'convertPDFToImage' → 'convert-pdf-to-image' */
export function kebabCase(name: string): string {
  return name
    .replace(/_/g, '-')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

/** The distinct spellings of a name the command line takes, the kebab-case one first. */
export function spellingsOf(name: string): string[] {
  return [...new Set([kebabCase(name), name])];
}

/** How close two names are: the edits (insert, delete, replace) that turn one into the other. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * The known names a mistyped one was probably meant to be, closest first: a few
 * edits away (more for longer names), or containing it, or contained in it.
 */
export function closeMatches(wanted: string, known: readonly string[], limit = 3): string[] {
  const typed = wanted.toLowerCase();
  const scored = [...new Set(known)]
    .map((name) => {
      const lower = name.toLowerCase();
      const distance = editDistance(typed, lower);
      const contains = typed.length >= 3 && (lower.includes(typed) || typed.includes(lower));
      return { name, distance, near: distance <= Math.max(2, Math.floor(typed.length / 3)) || contains };
    })
    .filter((entry) => entry.near)
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name));
  return scored.slice(0, limit).map((entry) => entry.name);
}

/** ' Did you mean --page-numbers or --pages?' or ''. */
export function didYouMean(matches: readonly string[], prefix = ''): string {
  if (matches.length === 0) return '';
  const named = matches.map((match) => `${prefix}${match}`);
  const list = named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} or ${named[named.length - 1]}`;
  return ` Did you mean ${list}?`;
}
