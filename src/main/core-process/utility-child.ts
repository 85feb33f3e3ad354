/**
 * Electron's glue for the core's process: the core runs in a `utilityProcess` (a Node process Electron starts and
 * ends with the app), reached over a MessageChannelMain whose other end is handed to it first. Everything else —
 * framing, ids, crashes, restarts — is core-bridge.ts, which the stall benchmark runs over `child_process` instead.
 */
import { MessageChannelMain, utilityProcess } from 'electron';
import type { CoreChild, CoreExit } from './core-bridge';
import { messagePortFrames } from './message-port-frames';

/** Starts `entry` (out/main/core.js) in a utility process and hands it its end of the channel. */
export function launchUtilityCore(entry: string): CoreChild {
  const child = utilityProcess.fork(entry, [], { serviceName: 'Votary core', stdio: 'inherit' });
  const { port1, port2 } = new MessageChannelMain();
  child.postMessage({ kind: 'port' }, [port2]);
  const exited = new Promise<CoreExit>((resolve) => child.once('exit', (code) => resolve({ code })));
  return {
    port: messagePortFrames(port1),
    exited,
    kill: () => {
      child.kill();
    },
  };
}
