import { InvalidInputError } from '../../refusals/input-errors';

/** One comment as a client asks for it: page from 0, PDF user space with the origin at the lower left. */
export interface CommentSpec {
  pageIndex: number;
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
  author?: string;
  subject?: string;
  anchorText?: string;
}

/** Longer comment texts are skipped, as the reference skips them. */
export const MAX_TEXT_LENGTH = 100_000;

/**
 * The comments of the request, read as the reference binds its CommentSpec
 * list: missing numbers are 0, numbers written as text count, unknown keys
 * are ignored. A value no CommentSpec could hold (an object for a number) is
 * refused with the registry's message, where the reference answers 500.
 */
export function readCommentSpecs(json: string): CommentSpec[] {
  // The declaration's check already made sure this is an array of objects.
  const items = JSON.parse(json) as Record<string, unknown>[];
  return items.map((item) => ({
    pageIndex: Math.trunc(numberField(item.pageIndex)),
    x: numberField(item.x),
    y: numberField(item.y),
    width: numberField(item.width),
    height: numberField(item.height),
    text: textField(item.text) ?? '',
    author: textField(item.author),
    subject: textField(item.subject),
    anchorText: textField(item.anchorText),
  }));
}

/** Why a comment is left out, as the reference leaves it out silently; undefined when it is added. */
export function skipReason(spec: CommentSpec, pageCount: number): string | undefined {
  if (spec.text.trim() === '') return 'blank text';
  if (spec.text.length > MAX_TEXT_LENGTH) return 'text too long';
  if (!(spec.width > 0) || !(spec.height > 0)) return 'no size';
  if (spec.pageIndex < 0 || spec.pageIndex >= pageCount) return 'no such page';
  return undefined;
}

function numberField(value: unknown): number {
  if (value === undefined || value === null) return 0;
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) throw notACommentSpec();
  return number;
}

function textField(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object') throw notACommentSpec();
  return String(value);
}

/** The reference's message for comments it cannot bind (the declaration's check gives it for a value that is no array). */
function notACommentSpec(): InvalidInputError {
  return new InvalidInputError('comments must be a JSON array of CommentSpec objects');
}
