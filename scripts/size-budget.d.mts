// Types of scripts/size-budget.mjs for the TypeScript benchmarks (bench/bundle-size.ts).
export interface DistAsset {
  /** Path inside the dist folder, e.g. `assets/chart-C24dAlRf.js`. */
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface DistAnalysis {
  distDir: string;
  initialJs: DistAsset[];
  metricPageJs: DistAsset[];
  excludedJs: DistAsset[];
  unreachedJs: DistAsset[];
  initialJsGzipBytes: number;
  metricPageJsGzipBytes: number;
}

export declare const kb: (bytes: number) => number;
export declare function analyzeDist(distDir?: string, options?: { notOnMetricPage?: string[] }): DistAnalysis;
