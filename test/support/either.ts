// Unwrapping results in tests: the value of the side a test expects, or a failure that shows
// what came instead.
import { isLeft, type Either } from 'fp-ts/lib/Either.js'

/** The Left of a result the test expects to fail. */
export const leftOf = <E, A>(result: Either<E, A>): E => {
  if (isLeft(result)) return result.left
  throw new Error(`expected a Left, got Right ${JSON.stringify(result.right)}`)
}

/** The Right of a result the test expects to succeed. */
export const rightOf = <E, A>(result: Either<E, A>): A => {
  if (!isLeft(result)) return result.right
  throw new Error(`expected a Right, got Left ${JSON.stringify(result.left)}`)
}
