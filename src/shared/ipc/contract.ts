/**
 * The IPC contract (architecture §3.3): channel names `domain:verb`, each with its request and response type.
 * This file is the single source of channel types for main, preload and the renderer. Later issues add the
 * wallet, node and monitor channels, runtime request schemas and push events here.
 */
export interface AppInfo {
  name: string;
  version: string;
  /** Which shell hosts the renderer. */
  shell: 'electron' | 'browser';
  platform: string;
}

export interface IpcChannels {
  'app:info': { request: void; response: AppInfo };
}

export type IpcChannel = keyof IpcChannels;

export const IPC_CHANNELS = ['app:info'] as const satisfies readonly IpcChannel[];

/** What the preload exposes as `window.votary`: one function per channel, nothing else. */
export interface VotaryBridge {
  appInfo(): Promise<AppInfo>;
}
