/**
 * The one sender check of every IPC request (docs/design/architecture.md "Rules", after VS Code's IPC layer): only
 * the app's own page,
 * in the window's main frame, may call main. The check is Electron-free so tests can drive it with a fake event.
 */
import type { RequestHandler } from '../../core/services';
import { BRIDGE_ERROR_CODES, ipcError, type IpcResult } from '../../shared/ipc/errors';

/** The part of an IpcMainInvokeEvent the check reads. */
export interface SenderEvent {
  senderFrame?: { url: string; parent: unknown } | null;
}

export interface TrustedPages {
  /** The renderer's index.html behind the app:// protocol (security/app-files.ts). */
  appUrl: string;
  /** The dev server's URL (electron-vite dev), when running from it. */
  devServerUrl?: string | undefined;
}

/** Compares origin and path only: the hash and query of our own page do not change who it is. */
function samePage(url: string, expected: string): boolean {
  try {
    const a = new URL(url);
    const b = new URL(expected);
    return a.protocol === b.protocol && a.host === b.host && a.pathname === b.pathname;
  } catch {
    return false;
  }
}

function sameOrigin(url: string, expected: string): boolean {
  try {
    return new URL(url).origin === new URL(expected).origin;
  } catch {
    return false;
  }
}

export function isTrustedSender(event: SenderEvent, pages: TrustedPages): boolean {
  const frame = event.senderFrame;
  // A destroyed frame (null) or a subframe (an iframe would have a parent) is never trusted.
  if (frame === null || frame === undefined || frame.parent !== null) return false;
  if (samePage(frame.url, pages.appUrl)) return true;
  return pages.devServerUrl !== undefined && sameOrigin(frame.url, pages.devServerUrl);
}

/** Sender check, then the core's dispatcher (channel check + payload validation). Never throws. */
export function createIpcGate(dispatch: RequestHandler, pages: TrustedPages) {
  return async (channel: string, event: SenderEvent, payload: unknown): Promise<IpcResult<unknown>> => {
    if (!isTrustedSender(event, pages)) {
      return {
        ok: false,
        error: ipcError(
          BRIDGE_ERROR_CODES.forbiddenSender,
          `IPC ${channel} refused: the sender is not Votary's own page.`,
        ),
      };
    }
    return dispatch(channel, payload);
  };
}
