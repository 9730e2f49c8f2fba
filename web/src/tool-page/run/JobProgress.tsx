import type { JobItemState, JobStatus } from '@folio/registry';

const STATE_TEXT: Record<JobItemState, string> = { waiting: 'Waiting', running: 'Working…', done: 'Done', failed: 'Failed' };

/** The stage as a visitor reads it: 'step 2 of 4: Compress' → 'Step 2 of 4: Compress'. */
function stageText(stage: string): string {
  return stage.charAt(0).toUpperCase() + stage.slice(1);
}

/**
 * A job's place in the queue, then its progress with the stage it is at (and a
 * pipeline's steps with their files), and a Cancel button while it lasts.
 */
export function JobProgress({ job, onCancel }: { job: JobStatus | null; onCancel(): void }) {
  const queued = !job || job.state === 'queued';
  const percent = Math.round((job?.progress.fraction ?? 0) * 100);
  return (
    <section className="job-progress" aria-label="Progress" data-testid="job-progress">
      <div className="job-progress__status" role="status" aria-live="polite">
        {queued ? (
          <span data-testid="job-queued">{job?.queuePosition ? `Queued (position ${job.queuePosition})` : 'Queued'}</span>
        ) : (
          <span data-testid="job-stage">{stageText(job.progress.stage)}</span>
        )}
      </div>
      {!queued && (
        <progress className="job-progress__bar" max={100} value={percent} aria-label="Progress" data-testid="job-progress-bar">
          {percent}%
        </progress>
      )}
      {job?.progress.steps && job.progress.steps.length > 0 && (
        <ol className="run-progress__stages" data-testid="run-progress">
          {job.progress.steps.map((step, index) => (
            <li key={index} className="run-progress__stage">
              <span className="run-progress__title">
                {index + 1}. {step.title}
              </span>
              {step.items.length > 0 && (
                <ul className="run-progress__items">
                  {step.items.map((item, itemIndex) => (
                    <li key={itemIndex} className={`run-progress__item run-progress__item--${item.state}`} data-state={item.state}>
                      <span className="run-progress__name">{item.name}</span>
                      <span className="run-progress__state">{STATE_TEXT[item.state]}</span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      <button type="button" className="button button--ghost job-progress__cancel" onClick={onCancel} data-testid="job-cancel">
        Cancel
      </button>
    </section>
  );
}
