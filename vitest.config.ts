import { availableParallelism } from 'node:os';

import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';

import { linguiMacro } from './scripts/lingui-macro';

export default defineConfig({
  plugins: [linguiMacro(), react(), lingui()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'simulator/**/*.test.ts'],
    environment: 'node',
    // Component tests opt in with a `// @vitest-environment jsdom` docblock.
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // The default 5 s is too tight for a component test on a loaded 2-core machine (seen: a 3 s test timing out
    // at load 13); a test that waits for what never comes still fails.
    testTimeout: 15_000,
    // A worker per core: Vitest's default leaves one core to its main process, which mostly waits, so on the
    // 2-core machine the files ran one at a time (183 s; 108 s with two workers).
    maxWorkers: availableParallelism(),
  },
});
