import type { CategoryId } from '@folio/registry';

/** One simple line icon per category (24×24, stroked with currentColor). */
const ICON_PATHS: Record<CategoryId, readonly string[]> = {
  // Stacked pages
  organize: ['M8 3h8l4 4v10a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1z', 'M16 3v4h4', 'M4 7v13a1 1 0 0 0 1 1h11'],
  // Arrow into a page
  'convert-to': ['M13 3H7a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V8z', 'M13 3v5h5', 'M2 14h8m-3-3 3 3-3 3'],
  // Arrow out of a page
  'convert-from': ['M13 3H7a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V8z', 'M13 3v5h5', 'M10 14h12m-3-3 3 3-3 3'],
  // Shield with a tick
  security: ['M12 3 5 6v5c0 4.4 3 8.3 7 10 4-1.7 7-5.6 7-10V6z', 'm9 12 2 2 4-4'],
  // Pencil
  edit: ['M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16z', 'm13.5 6.5 4 4'],
  // Sliders
  advanced: ['M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0', 'M16 4v4M10 10v4M18 16v4'],
};

export function CategoryIcon({ category, className }: { category: CategoryId; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {ICON_PATHS[category].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
