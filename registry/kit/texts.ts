/** Texts every tool shares, verbatim from the spec (§8 of both documents). */
export const SHARED_TEXTS = {
  errorToastTitle: 'Oops! Something went wrong.',
  errorToastBody: 'We’re experiencing a temporary issue. Our team is on it; please try again shortly.',
  backToTools: 'Back to Tools',
} as const;

/** Preview frames are 600 px high on every tool page (spec §9). */
export const PREVIEW_HEIGHT_PX = 600;

/** File sizes are shown in KB with two decimals. e.g. 12.35 KB */
export function formatFileSize(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KB`;
}
