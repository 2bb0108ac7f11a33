/**
 * Deep freezing for non-mutation properties: a function that writes to a frozen argument throws
 * in strict mode (every ES module is strict), so the property fails at the first write.
 */
import fc from 'fast-check'
import { DateTime } from 'luxon'

/**
 * Freezes a value and everything reachable from it (objects and arrays, own keys including
 * symbols); returns the same value. Primitives are returned as they are. Luxon DateTimes are left
 * as they are: a DateTime fills its own caches on first use (week data, offsets), which is not a
 * mutation of the caller's value but would throw on a frozen one. Typed arrays with elements
 * cannot be frozen at all; they are left as they are too, and so are fast-check's stateful values
 * (commands, contexts, functions: the values carrying `fc.cloneMethod`, which fast-check clones for
 * every run and which record what happens to them).
 */
export const deepFreeze = <T>(value: T): T => {
  freeze(value, new WeakSet())
  return value
}

const freeze = (value: unknown, seen: WeakSet<object>): void => {
  if (typeof value !== 'object' || value === null || seen.has(value) || DateTime.isDateTime(value) || ArrayBuffer.isView(value) || fc.cloneMethod in value) return
  seen.add(value)
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Reflect.getOwnPropertyDescriptor(value, key)
    if (descriptor !== undefined && 'value' in descriptor) freeze(descriptor.value, seen)
  }
  Object.freeze(value)
}
