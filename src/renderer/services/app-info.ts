import type { AppInfo } from '../../shared/domain/app';
import { connectBridge } from './bridge';
import { unwrap } from './ipc';

/** App information from the host; undefined when no host is connected to this page (a static preview). */
export async function fetchAppInfo(): Promise<AppInfo | undefined> {
  const bridge = await connectBridge();
  return bridge === undefined ? undefined : unwrap(await bridge.appInfo());
}

/** A person used the app: defers auto-lock (lib/activity.ts). Failures are ignored: it is only a hint. */
export async function reportActivity(): Promise<void> {
  const bridge = await connectBridge();
  await bridge?.appActivity().catch(() => undefined);
}
