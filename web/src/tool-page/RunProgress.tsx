import { useEffect, useState } from 'react';

type ItemState = 'waiting' | 'running' | 'done' | 'failed';

/** As GET /api/v1/progress/{id} answers (server/src/job-progress/job-progress.ts). */
interface ProgressReport {
  state: 'waiting' | 'running' | 'done' | 'failed';
  stages: { title: string; items: { name: string; state: ItemState }[] }[];
}

/** How often the page asks while the server works: often enough to follow, rare enough to cost nothing. */
const POLL_MS = 700;

const STATE_TEXT: Record<ItemState, string> = { waiting: 'Waiting', running: 'Working…', done: 'Done', failed: 'Failed' };

/**
 * Where a run that reports progress stands: each stage (a pipeline's step) with
 * the files it works on and their state, asked of the server while the run lasts.
 */
export function RunProgress({ progressId }: { progressId: string }) {
  const [report, setReport] = useState<ProgressReport | null>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const response = await fetch(`/api/v1/progress/${progressId}`, { cache: 'no-store' });
        if (response.ok && !stopped) setReport((await response.json()) as ProgressReport);
      } catch {
        // A missed poll is made up by the next.
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [progressId]);

  if (!report || report.stages.length === 0) return null;
  return (
    <section className="run-progress" aria-label="Progress" data-testid="run-progress">
      <ol className="run-progress__stages">
        {report.stages.map((stage, index) => (
          <li key={index} className="run-progress__stage">
            <span className="run-progress__title">
              {index + 1}. {stage.title}
            </span>
            {stage.items.length > 0 && (
              <ul className="run-progress__items">
                {stage.items.map((item, itemIndex) => (
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
    </section>
  );
}
