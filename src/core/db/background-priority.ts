/**
 * The nice value of the chain's helper threads (the WAL checkpointer, the index read-ahead). They work beside the
 * applying thread, and on a 2-core machine the three of them plus the applying thread want more cores than there
 * are: at equal priority the applying thread waited for a core some 10 % of its time on a 40 M-block chain
 * (bench:scale's apply step, its main thread's run-queue time). At nice 10 the scheduler gives the applying thread
 * about nine tenths of a contended core (CFS weights 1024 and 110), and the helpers keep every core it leaves idle.
 */
export const HELPER_THREAD_NICE = 10;

/**
 * A statement for a helper thread's program (CommonJS, run with `eval`) that lowers that thread's own priority to
 * HELPER_THREAD_NICE. On Linux a thread has a nice value of its own, set through its thread id
 * (setpriority(2): PRIO_PROCESS with a tid affects only that thread), which /proc/thread-self names. Where there is
 * no /proc (macOS, Windows) or the call is refused, the thread runs at the process's priority, as before.
 */
export const LOWER_OWN_PRIORITY = `
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) require('node:os').setPriority(tid, ${HELPER_THREAD_NICE});
} catch {}
`;
