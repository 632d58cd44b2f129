/**
 * Appends every item of `items` to `target`, one at a time. `target.push(...items)` passes each
 * item as an argument, and past about 100,000 of them (a raw file of that many unknown lines, a
 * command of that many lines) V8 throws "Maximum call stack size exceeded"; this never does.
 */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
