/**
 * Where the window's page comes from (docs/design/security.md "Production Electron"). A dev server URL from
 * ELECTRON_RENDERER_URL is honoured only in an unpackaged app (`electron-vite dev`): in a packaged one that
 * variable would let anyone who can set the environment load any page and have the IPC gate trust it.
 */
import { APP_INDEX_URL } from './app-files';

export interface RendererSource {
  /** The page to load. */
  url: string;
  /** True for the development server (hot reload), false for the packaged files behind app://. */
  devServer: boolean;
}

export function rendererSource(isPackaged: boolean, env: Record<string, string | undefined>): RendererSource {
  const dev = env['ELECTRON_RENDERER_URL'];
  if (!isPackaged && dev !== undefined && dev !== '') return { url: dev, devServer: true };
  return { url: APP_INDEX_URL, devServer: false };
}
