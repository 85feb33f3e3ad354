export declare function electronRuntime(
  electronDir: string,
  env?: Record<string, string | undefined>,
  platform?: string,
): { path: string; reason?: undefined } | { reason: string; path?: undefined };
