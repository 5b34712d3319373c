/**
 * A yield in the start's evaluation (app/boot.ts imports it after zod and its configuration): the modules boot.ts
 * imports after it are evaluated in the next task, so the start's code is two tasks, not one long one.
 */
import { nextTask } from '../lib/scheduling/after-paint';

await nextTask();
