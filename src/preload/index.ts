import { contextBridge, ipcRenderer } from 'electron';
import type { AppInfo, VotaryBridge } from '../shared/ipc/contract';

// window.votary: one function per channel of src/shared/ipc/contract.ts, nothing else.
const bridge: VotaryBridge = {
  appInfo: () => ipcRenderer.invoke('app:info') as Promise<AppInfo>,
};

contextBridge.exposeInMainWorld('votary', bridge);
