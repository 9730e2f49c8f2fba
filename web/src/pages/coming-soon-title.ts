/** Spec §2: the last path segment, dashes as spaces, words capitalised. e.g. '/tools/edit/add-page-numbers' → 'Add Page Numbers' */
export function comingSoonTitle(pathname: string): string {
  const segment = pathname.split('/').filter(Boolean).pop() ?? '';
  return decodeURIComponent(segment)
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
