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

const REASONS_NOT_IN_SPEC = new Map<string, string>();

/**
 * A message the spec does not word (an API-only option, the reference's own
 * answer), declared where it is used together with where it comes from:
 * `invalid: notInSpec('Angle must be a multiple of 90', 'reference §3.8')`.
 * The registry checks accept such texts; every other one must be the spec's.
 */
export function notInSpec(text: string, reason: string): string {
  REASONS_NOT_IN_SPEC.set(text, reason);
  return text;
}

/** Why a text that is not the spec's is used, if a declaration said so. */
export function reasonNotInSpec(text: string): string | undefined {
  return REASONS_NOT_IN_SPEC.get(text);
}
