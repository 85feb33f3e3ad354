/**
 * A core "process" for the bridge's tests: the core's side of the bridge (serveCoreOverPort) on one end of a
 * worker_threads MessageChannel, main's side (CoreBridge) on the other. The served core is the test's; ending the
 * "process" closes both ends and settles `exited`, as a real process's end does.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { Keychain } from '../../src/core/keystore';
import { serveCoreOverPort, type ServedCore } from '../../src/core/services/app-core-process';
import type { CoreChild, CoreExit } from '../../src/main/core-process/core-bridge';
import type { FramePort } from '../../src/shared/ipc/port-frames';

export function portFrames(port: MessagePort): FramePort {
  return {
    post: (frame) => port.postMessage(frame),
    onFrame: (listener) => {
      port.on('message', listener);
      return () => {
        port.off('message', listener);
      };
    },
  };
}

export interface InProcessChild extends CoreChild {
  /** The process ends unasked (a crash) with this exit code. */
  crash(code: number): void;
  /** The raw end main holds, for frames the bridge would never send. */
  mainPort: MessagePort;
}

/** Starts one in-process core "process" serving what `open` opens. */
export function inProcessChild(
  open: (options: unknown, keychain: Keychain) => Promise<ServedCore>,
): InProcessChild {
  const { port1, port2 } = new MessageChannel();
  let settle: (exit: CoreExit) => void = () => undefined;
  const exited = new Promise<CoreExit>((resolve) => (settle = resolve));
  const end = (exit: CoreExit) => {
    port1.close();
    port2.close();
    settle(exit);
  };
  serveCoreOverPort(portFrames(port2), {
    open,
    // As a process's end: after the frames already posted have arrived.
    exit: (code) => setTimeout(() => end({ code }), 5),
  });
  return {
    port: portFrames(port1),
    exited,
    kill: () => end({ code: null, signal: 'SIGTERM' }),
    crash: (code) => end({ code }),
    mainPort: port1,
  };
}
