import { stageText, stepTitle } from './stage-text';
import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/toolPage.json';
import type { JobItemState, JobStatus } from '@folio/registry';

const STATE_TEXT = { waiting: 'itemWaiting', running: 'itemRunning', done: 'itemDone', failed: 'itemFailed' } as const satisfies Record<JobItemState, string>;

/**
 * A job's place in the queue, then its progress with the stage it is at (and a
 * pipeline's steps with their files), and a Cancel button while it lasts.
 */
export function JobProgress({ job, onCancel }: { job: JobStatus | null; onCancel(): void }) {
  const t = useMessages('toolPage', english);
  const queued = !job || job.state === 'queued';
  const percent = Math.round((job?.progress.fraction ?? 0) * 100);
  return (
    <section className="job-progress" aria-label={t('progress')} data-testid="job-progress">
      <div className="job-progress__status" role="status" aria-live="polite">
        {queued ? (
          <span data-testid="job-queued">{job?.queuePosition ? t('queuedAt', { position: job.queuePosition }) : t('queued')}</span>
        ) : (
          <span data-testid="job-stage">{stageText(job.progress.stage)}</span>
        )}
      </div>
      {!queued && (
        <progress className="job-progress__bar" max={100} value={percent} aria-label={t('progress')} data-testid="job-progress-bar">
          {percent}%
        </progress>
      )}
      {job?.progress.steps && job.progress.steps.length > 0 && (
        <ol className="run-progress__stages" data-testid="run-progress">
          {job.progress.steps.map((step, index) => (
            <li key={index} className="run-progress__stage">
              <span className="run-progress__title">
                {index + 1}. {stepTitle(step.title)}
              </span>
              {step.items.length > 0 && (
                <ul className="run-progress__items">
                  {step.items.map((item, itemIndex) => (
                    <li key={itemIndex} className={`run-progress__item run-progress__item--${item.state}`} data-state={item.state}>
                      <span className="run-progress__name">{item.name}</span>
                      <span className="run-progress__state">{t(STATE_TEXT[item.state])}</span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      <button type="button" className="button button--ghost job-progress__cancel" onClick={onCancel} data-testid="job-cancel">
        {t('cancel')}
      </button>
    </section>
  );
}
