import type { AppInfo } from '../../shared/ipc/contract';

/** The only caller of window.votary for app information. Without a bridge there is no host to ask. */
export async function fetchAppInfo(): Promise<AppInfo | undefined> {
  return window.votary ? window.votary.appInfo() : undefined;
}
