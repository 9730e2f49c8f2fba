/** Polls `condition` every 100 ms until it holds; fails after `ms`. For states a test cannot be told of (processes, folders, a job's state). */
export async function until(condition: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('Condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
