/**
 * What `folio` exits with, for scripts: 0 done, 1 the input was refused (by the
 * local check or the server) or a job failed, 2 the command line itself is
 * wrong, 3 the server could not be reached, 130 cancelled with Ctrl-C (the
 * shell's 128 + SIGINT).
 */
export const EXIT = {
  done: 0,
  refused: 1,
  usage: 2,
  unreachable: 3,
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A run that cannot go on: its message goes to stderr and the process exits with `exitCode`. */
export class CliError extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string,
  ) {
    super(message);
  }
}

/** Something wrong with the command line: an unknown tool or option, a missing file argument. */
export function usageError(message: string): CliError {
  return new CliError(EXIT.usage, message);
}

/** Input the tool refuses: a value outside an option's bounds, the server's problem. */
export function refusal(message: string): CliError {
  return new CliError(EXIT.refused, message);
}
