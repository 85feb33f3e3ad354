/**
 * One end of an Electron MessageChannelMain as a frame port (port-frames.ts), for main and for the core's utility
 * process alike. Type-only use of Electron: the utility process loads this file too, where main's APIs are absent.
 */
import type { MessagePortMain } from 'electron';
import type { FramePort } from '../../shared/ipc/port-frames';

/** The frame port over one end of a MessageChannelMain (structured clone: bigint and Uint8Array pass as they are). */
export function messagePortFrames(port: MessagePortMain): FramePort {
  return {
    post: (frame) => port.postMessage(frame),
    onFrame: (listener) => {
      const onMessage = (event: Electron.MessageEvent) => listener(event.data);
      port.on('message', onMessage);
      port.start();
      return () => {
        port.off('message', onMessage);
      };
    },
  };
}
