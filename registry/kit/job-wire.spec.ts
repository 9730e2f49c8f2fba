import { isJobAccepted, jobPath } from '../index';

describe('the job API on the wire', () => {
  it('addresses a job, its result and its events, the id escaped', () => {
    expect(jobPath('q0Jx3b9mC1v7ZtRk2wHn8yLa')).toBe('/api/v1/general/job/q0Jx3b9mC1v7ZtRk2wHn8yLa');
    expect(jobPath('q0Jx3b9mC1v7ZtRk2wHn8yLa', 'result')).toBe('/api/v1/general/job/q0Jx3b9mC1v7ZtRk2wHn8yLa/result');
    expect(jobPath('q0Jx3b9mC1v7ZtRk2wHn8yLa', 'events')).toBe('/api/v1/general/job/q0Jx3b9mC1v7ZtRk2wHn8yLa/events');
    expect(jobPath('a/../b')).toBe('/api/v1/general/job/a%2F..%2Fb');
  });

  it('tells a queued job’s answer from a tool’s own answer', () => {
    expect(isJobAccepted({ async: true, jobId: 'q0Jx3b9mC1v7ZtRk2wHn8yLa', result: null })).toBe(true);
    // A refusal before queueing is the tool's problem JSON; a synchronous answer is the tool's own JSON (Get info).
    expect(isJobAccepted({ type: '/errors/invalid-argument', status: 400, detail: 'x' })).toBe(false);
    expect(isJobAccepted({ async: 'true', jobId: 'x' })).toBe(false);
    expect(isJobAccepted({ async: true, jobId: '' })).toBe(false);
    expect(isJobAccepted({ async: true })).toBe(false);
    expect(isJobAccepted(null)).toBe(false);
    expect(isJobAccepted('{"async":true}')).toBe(false);
  });
});
