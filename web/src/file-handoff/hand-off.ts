/**
 * A result passed from one tool page to the next without leaving the browser:
 * "Continue with another tool" leaves the file here and navigates; the next
 * page's file selection starts with it. Held in memory only, for one tool: a
 * reload or any other page finds nothing, and nothing is sent anywhere until the
 * visitor runs the next tool.
 */
let waiting: { toolId: string; file: File } | undefined;

/** Leaves `file` for the page of tool `toolId`, replacing anything left before. */
export function handOffFile(toolId: string, file: File): void {
  waiting = { toolId, file };
}

/**
 * The file left for `toolId`, if any. Reading does not take it: a component may
 * be rendered twice before it mounts (React's StrictMode); `forgetHandOff` does,
 * once the page holds it.
 */
export function handedOffFile(toolId: string): File | undefined {
  return waiting?.toolId === toolId ? waiting.file : undefined;
}

/** Drops the file left for `toolId`, so that coming back to that page later starts empty. */
export function forgetHandOff(toolId: string): void {
  if (waiting?.toolId === toolId) waiting = undefined;
}
