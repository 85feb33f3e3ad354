/**
 * Node's child-process channel as a frame port (src/shared/ipc/port-frames.ts), standing in for Electron's
 * utilityProcess and MessagePort where Electron cannot run: the bridge's cross-process test and `npm run
 * bench:stall`. The child is forked with structured-clone serialization, as a MessagePort carries frames.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { CoreChild, CoreExit } from '../../src/main/core-process/core-bridge';
import type { FramePort } from '../../src/shared/ipc/port-frames';

/** Either side: `process` in the child, the ChildProcess in the parent. */
export function processFrames(channel: NodeJS.Process | ChildProcess): FramePort {
  return {
    post: (frame) => {
      channel.send?.(frame as never);
    },
    onFrame: (listener) => {
      const onMessage = (message: unknown) => listener(message);
      channel.on('message', onMessage);
      return () => {
        channel.off('message', onMessage);
      };
    },
  };
}

/** Forks `entry` (a built .mjs) with `args` as the core's process. */
export function forkCore(entry: string, args: string[] = []): CoreChild & { child: ChildProcess } {
  const child = fork(entry, args, { serialization: 'advanced', stdio: 'inherit' });
  const exited = new Promise<CoreExit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, port: processFrames(child), exited, kill: () => void child.kill() };
}
