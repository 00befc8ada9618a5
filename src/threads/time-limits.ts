// The time limits of a game's code, apart from the threads that keep them: the command line reads them to
// describe and check `--timeout` without loading the thread machinery.

/** The time limit of one piece of a game's code (loading it, a check, a face) unless `--timeout` says otherwise. */
export const DEFAULT_TIMEOUT_S = 30
/** The longest limit: a day (a timer cannot wait beyond 24.8 days, and no face needs hours). */
export const MAX_TIMEOUT_S = 86_400
