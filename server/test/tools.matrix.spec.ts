import { tools } from '@folio/registry';
import { RUNNER_ERRORS, RUNNER_TEXTS } from '../../generators/src/qa-cases';
import { ApiError } from '../src/http/api-error';
import { readSliceFiles, sliceProblems } from './category-slices';
import { MATRIX_LIMITS, QA_MATRIX_SLICES } from './qa-matrix-slice';

/**
 * The QA matrix runs in one file per tool category (tools.matrix.<category>.spec.ts,
 * see qa-matrix-slice.ts). This file checks what they share: the runner's fixed
 * answers, and that every category has its slice.
 */

describe('the runner answers with the texts the QA matrix expects', () => {
  it('keeps each fixed status, type, code and text', () => {
    const pick = (e: ApiError) => ({ status: e.status, type: e.type, ...(e.extra.errorCode ? { errorCode: e.extra.errorCode } : {}) });
    expect(pick(ApiError.invalidArgument('x'))).toEqual(RUNNER_ERRORS.invalidArgument);
    expect(pick(ApiError.missingFile('x'))).toEqual(RUNNER_ERRORS.missingFile);
    expect(pick(ApiError.tooManyFiles(3))).toEqual(RUNNER_ERRORS.tooManyFiles);
    expect(pick(ApiError.wrongFileType('x'))).toEqual(RUNNER_ERRORS.wrongFileType);
    expect(pick(ApiError.pdfCorrupted())).toEqual(RUNNER_ERRORS.pdfCorrupted);
    expect(pick(ApiError.pdfPassword())).toEqual(RUNNER_ERRORS.pdfPassword);
    expect(pick(ApiError.fileTooLarge(MATRIX_LIMITS.maxUploadBytes))).toEqual(RUNNER_ERRORS.fileTooLarge);
    expect(ApiError.tooManyFiles(3).detail).toBe(RUNNER_TEXTS.tooManyFiles(3));
    expect(ApiError.pdfCorrupted().detail).toBe(RUNNER_TEXTS.pdfCorrupted);
    expect(ApiError.pdfPassword().detail).toBe(RUNNER_TEXTS.pdfPassword);
    expect(ApiError.fileTooLarge(100 * 1024 * 1024).detail).toBe(RUNNER_TEXTS.fileTooLarge(100 * 1024 * 1024));
    expect(ApiError.fileTooLarge(MATRIX_LIMITS.maxUploadBytes).detail).toBe(RUNNER_TEXTS.fileTooLarge(MATRIX_LIMITS.maxUploadBytes));
  });
});

describe('QA matrix slices', () => {
  it('every category with tools has exactly one slice file, and each runs its own category', () => {
    const problems = sliceProblems(QA_MATRIX_SLICES, [...new Set(tools.map((t) => t.category))], readSliceFiles(QA_MATRIX_SLICES));
    if (problems.length) throw new Error(`${problems.length} problem(s) with the QA matrix slices:\n- ${problems.join('\n- ')}`);
  });
});
