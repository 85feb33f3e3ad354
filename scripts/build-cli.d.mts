export declare const entryPoints: Record<string, string>;
export declare function buildCli(): Promise<void>;
