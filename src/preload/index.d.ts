import type { VotaryBridge } from '../shared/ipc/contract';

declare global {
  interface Window {
    /**
     * The host bridge: set by the preload in the Electron shell, or by src/renderer/services/bridge.ts over a
     * WebSocket in the browser shell. Undefined when no host is connected.
     */
    votary?: VotaryBridge;
  }
}
