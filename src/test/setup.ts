import { afterEach, beforeAll } from 'vitest';

// English in force, as the app has it before any other language is chosen (lib/i18n.ts).
import '../lib/i18n';

beforeAll(async () => {
  if (typeof document !== 'undefined') {
    // Room for a loaded 2-core CI machine, where the default is too tight (the first test of a file also pays for
    // lazy imports); a test that waits for what never comes still fails, just later.
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
