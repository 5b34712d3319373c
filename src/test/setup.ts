import { afterEach, beforeAll } from 'vitest';

// English in force, as the app has it before any other language is chosen (lib/i18n.ts).
import '../lib/i18n';

beforeAll(async () => {
  if (typeof document !== 'undefined') {
    // The default 1 s is too tight on a loaded 2-core CI machine (the first test of a file also pays for lazy
    // imports); a test that waits for what never comes still fails, just later.
    const { configure } = await import('@testing-library/react');
    configure({ asyncUtilTimeout: 4_000 });
  }
});

afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});
