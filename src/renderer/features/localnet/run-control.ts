/**
 * How a localnet control runs (LocalnetPage.tsx hands it to its parts): the action, the note its answer becomes, and
 * what to do with the answer (usually: it is the new status); a failure goes to the ErrorBanner.
 */
export type RunControl = <T>(
  action: () => Promise<T>,
  describe: (result: T) => string,
  next?: (result: T) => void,
) => Promise<void>;
