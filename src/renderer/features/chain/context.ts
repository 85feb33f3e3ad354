/** How a page inside the explorer opens another one (the explorer owns the navigation state). */
import { createContext, useContext } from 'react';
import type { ExplorerLocation } from './explorer-nav';

export const ExplorerOpen = createContext<(to: ExplorerLocation) => void>(() => undefined);

export function useExplorerOpen(): (to: ExplorerLocation) => void {
  return useContext(ExplorerOpen);
}
