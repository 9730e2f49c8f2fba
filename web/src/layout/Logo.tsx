/**
 * The Folio mark: a page with a folded corner. Its colours are the brand's, fixed in both
 * themes (a white page on the blue square reads on light and dark headers alike).
 */
export function Logo({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#2949c4" />
      <path d="M10 7h9l5 5v13a1 1 0 0 1-1 1H10a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1z" fill="#fff" />
      <path d="M19 7v5h5" fill="#c9d4fb" />
      <path d="M12.5 17h7M12.5 20.5h5" stroke="#2949c4" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}
