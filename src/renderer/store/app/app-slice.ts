import { create } from 'zustand';
import type { AppInfo } from '../../../shared/ipc/contract';
import { fetchAppInfo } from '../../services/app-info';

export interface AppState {
  info: AppInfo | undefined;
  status: 'loading' | 'ready' | 'no-host';
  load: () => Promise<void>;
}

export const useAppStore = create<AppState>()((set) => ({
  info: undefined,
  status: 'loading',
  load: async () => {
    const info = await fetchAppInfo();
    set({ info, status: info ? 'ready' : 'no-host' });
  },
}));
