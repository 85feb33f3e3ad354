import type { VotaryBridge } from '../shared/ipc/contract';

declare global {
  interface Window {
    /** Present in the Electron shell (preload) and, later, in the browser shell (WebSocket bridge). */
    votary?: VotaryBridge;
  }
}
