const Sequencer = require('@jest/test-sequencer').default;

/** Projects whose files start a browser or a real server, slowest first. */
const SLOW_PROJECTS = ['e2e', 'server', 'cli'];

/**
 * Jest starts the files it has timings for longest first; files it has never run (a fresh
 * checkout, as on CI) it orders by size, and the long suites' slices are one line each
 * (server/test/tools.matrix.<category>.spec.ts, web/e2e/tools.<category>.e2e.spec.ts), so they
 * would start last and keep one worker busy while the other idles. Untimed files go by project
 * instead: the browser's, then the server's, then the rest, each by size as before.
 */
class SlowProjectsFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const rank = (test) => {
      const at = SLOW_PROJECTS.indexOf(test.context.config.displayName?.name);
      return at === -1 ? SLOW_PROJECTS.length : at;
    };
    // super.sort puts every untimed file in one run, between failed and timed ones; reorder only that run (stable: by size within a project).
    const untimed = sorted.filter((test) => test.duration == null).sort((a, b) => rank(a) - rank(b));
    let next = 0;
    return sorted.map((test) => (test.duration == null ? untimed[next++] : test));
  }
}

module.exports = SlowProjectsFirst;
