import { z } from 'zod';

export const appInfo = z.object({
  name: z.string(),
  version: z.string(),
  /** Which shell hosts the renderer. */
  shell: z.enum(['electron', 'browser']),
  platform: z.string(),
  /** The embedded node's public API (…/api), for the Node screen and for other clients. */
  embeddedApiUrl: z.string().optional(),
});
export type AppInfo = z.output<typeof appInfo>;

export const alertView = z.object({
  level: z.enum(['info', 'warning', 'error']),
  code: z.string(),
  message: z.string(),
  /** Unix milliseconds. */
  at: z.number(),
});
export type AlertView = z.output<typeof alertView>;
