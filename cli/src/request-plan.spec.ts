import { tools } from '@folio/registry';
import type { InputFile } from './inputs';
import { JOB_THRESHOLD_BYTES } from '@folio/registry';
import { planRequests, sendsAsJob } from './request-plan';

const tool = (id: string) => tools.find((candidate) => candidate.id === id)!;
const files = (...sizes: number[]): InputFile[] => sizes.map((size, index) => ({ name: `f${index}.pdf`, size, path: `/f${index}.pdf` }));

describe('planRequests: requests as the declaration takes files', () => {
  it('sends a combining tool all files at once', () => {
    expect(planRequests(tool('merge'), files(1, 1, 1), false).map((r) => r.length)).toEqual([3]);
  });

  it('sends a single-document tool one request per file, --together or not', () => {
    expect(planRequests(tool('compress'), files(1, 1), true).map((r) => r.length)).toEqual([1, 1]);
  });

  it('sends a batch tool one request per file, or one for all with --together', () => {
    expect(planRequests(tool('rotate'), files(1, 1, 1), false).map((r) => r.length)).toEqual([1, 1, 1]);
    expect(planRequests(tool('rotate'), files(1, 1, 1), true).map((r) => r.length)).toEqual([3]);
  });

  it('sends a job for long-running tools, 20 MB of uploads, or when asked', () => {
    expect(sendsAsJob(tool('compress'), files(1), false)).toBe(true);
    expect(sendsAsJob(tool('rotate'), files(1), false)).toBe(false);
    expect(sendsAsJob(tool('rotate'), files(JOB_THRESHOLD_BYTES - 1, 1), false)).toBe(true);
    expect(sendsAsJob(tool('rotate'), files(1), true)).toBe(true);
  });
});
