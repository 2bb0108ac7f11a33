/**
 * Totality at the public boundary. Every exported function promises that no input makes it
 * throw, whatever a JavaScript caller passes: `undefined` for an object, a symbol for a number, a
 * Proxy whose traps throw, an object with a throwing getter, a cyclic or 100,000-deep structure, a
 * luxon look-alike that is no DateTime. The functions check their input where the check is part
 * of the rule (the request validators read `unknown`); for the rest, the typed helpers, an input
 * outside the declared type reaches code that assumes the type. `total` is the one guard for that
 * case: it runs the function and, if anything throws, returns the function's documented failure
 * value instead (a Left ProblemDetail, `false`, `null`, an invalid DateTime, …), named in each
 * function's doc comment. Nothing else is caught or rethrown; the guard costs one call frame.
 * It is a last resort, not a licence to recurse or coerce: a function still reads at most its
 * schema's depth and never turns a value of no declared type into text or a number (a nested
 * array's `toString` recurses to its bottom), and test/robustness/hostile-structure.test.ts fails
 * on a stack overflow even when this guard caught it (docs/robustness.md).
 * It imports nothing, so a front end's bundle of a validator never pulls luxon in through it (the
 * DateTime failure value and guard live in ./dateTime.ts).
 *
 * @internal
 * @module
 */

/**
 * `f` made total: the same function, returning `failure()` when `f` throws. `failure` must not
 * look at the arguments (they are what made `f` throw).
 *
 * @internal
 */
export const total =
  <A extends ReadonlyArray<unknown>, R>(f: (...args: A) => R, failure: () => R): ((...args: A) => R) =>
  (...args: A): R => {
    try {
      return f(...args)
    } catch {
      return failure()
    }
  }
