// What the server's code writes its log through (decision 0116): a message at a level. The process's
// pino logger (logger.ts) is one, and so is `console` (the scripts'). Rules take it as a dependency and
// never import a logger, so tests hand them a captured one. The ids of the request, job run or payment
// event in progress are added to every line by log-context.ts: a caller never passes them.
export interface Log {
  /** what happened, for the record: a job's run, an event applied */
  info(message: string): void;
  /** something went wrong and was carried past: a mail not sent, a file not removed */
  warn(message: string): void;
  /** something failed that an operator must look at: an unexpected error, a job that failed */
  error(message: string): void;
}
