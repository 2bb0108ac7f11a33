/**
 * The fp-ts form of the client: every method returns a `TaskEither<ShipperError, A>` (a function
 * that, run, resolves to a Left with the error or a Right with the value) instead of a Promise
 * that rejects. The client adds no run-time dependency: Either is built as fp-ts's plain
 * `{ _tag: 'Left', left }` / `{ _tag: 'Right', right }` objects, which every fp-ts function reads.
 *
 * @module
 */
import type { Either } from './call.js'
import { isShipperError, type ShipperError } from './errors.js'
import type { ShipperClient } from './types.js'

export type { Either } from './call.js'

/**
 * fp-ts's TaskEither, structurally.
 *
 * @category fp-ts
 * @since 0.1.0
 */
export type TaskEither<E, A> = () => Promise<Either<E, A>>

/** The TaskEither form of one member of the client: a method, or a group of methods. */
type Lifted<F> = F extends (...args: infer P) => Promise<infer R>
  ? (...args: P) => TaskEither<ShipperError, R>
  : { readonly [K in keyof F]: Lifted<F[K]> }

/**
 * The client with every method in TaskEither form.
 *
 * @category fp-ts
 * @since 0.1.0
 */
export type TaskEitherClient = { readonly [K in keyof ShipperClient]: Lifted<ShipperClient[K]> }

const lift = (value: unknown): unknown => {
  if (typeof value === 'function') {
    return (...args: unknown[]) =>
      () =>
        (value as (...a: unknown[]) => Promise<unknown>)(...args).then(
          (right) => ({ _tag: 'Right', right }),
          (e: unknown) => {
            // Only the client's own errors become Lefts: anything else is a defect, and rejects.
            if (isShipperError(e)) return { _tag: 'Left', left: e }
            throw e
          },
        )
  }
  return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, lift(v)]))
}

/**
 * The TaskEither form of a client: the same shape, each method returning
 * `() => Promise<Either<ShipperError, A>>`. A ShipperError becomes a Left; nothing is sent until
 * the task runs.
 *
 * @example
 * const te = taskEitherClient(createShipperClient({ baseUrl: 'http://127.0.0.1:8080', token: 't', apiKey: 'k' }))
 * typeof te.shipments.get('AB12')
 * //=> 'function'
 *
 * @category fp-ts
 * @since 0.1.0
 */
export const taskEitherClient = (client: ShipperClient): TaskEitherClient => lift(client) as TaskEitherClient
