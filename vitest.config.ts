import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'simulator/**/*.test.ts'],
    environment: 'node',
    // Component tests opt in with a `// @vitest-environment jsdom` docblock.
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
