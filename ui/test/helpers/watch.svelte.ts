/**
 * Test helper: records every value `read()` takes, the way a component would
 * see it (an effect re-runs whenever the state it read changes). Use it to
 * test that what a view derives follows its state:
 *
 *   const shown = watch(() => session.error);
 *   await session.open("x");
 *   flush();
 *   expect(shown.values).toEqual([null, "“x” is not a seed"]);
 */
import { flushSync } from "svelte";

export function watch<T>(read: () => T): { values: T[]; stop: () => void } {
  const values: T[] = [];
  const stop = $effect.root(() => {
    $effect(() => {
      values.push(read());
    });
  });
  flushSync();
  return { values, stop };
}

/** Runs pending effects now. */
export function flush(): void {
  flushSync();
}
