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
    // Room for a component test on a loaded 2-core machine, where the default is too tight; a test that waits for
    // what never comes still fails.
    testTimeout: 15_000,
    // A worker per core: Vitest's default leaves one core to its main process, which mostly waits, so on a
    // 2-core machine the files would run one at a time.
    maxWorkers: availableParallelism(),
  },
});
