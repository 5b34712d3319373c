export declare const DEFAULT_CHROMIUM_PATH: string;
export declare function systemChromium(): string | undefined;
export declare const CHROMIUM_ARGS: string[];
