// Shared order access: the order a path names, if the caller's company may touch it, and the two
// ways an order's state changes, each answered only after the write is committed: in one
// transaction with the row locked (changeOrder), or, for a change decided from one read,
// without a transaction, written only if the order's version is still the one read
// (changeOrderFromRead). Every feature that works on an order of the API reads it through here.
// Each change of state is also written to order_transitions (the console's timeline), in the
// same statement as the update.
import type { FastifyReply } from 'fastify'
import { isLeft, parseOrderNumber, problemFor, type ProblemDetail } from 'shipper-rules'
import { ownership, type Authenticated } from '../http/access.js'
import { sendProblem, type Context } from '../http/context.js'
import type { Queryable } from '../db/store.js'
import { loadOrder, loadOrderColumns, SHIPMENT_COLUMNS, type OrderColumns, type OrderRow, type ShipmentRow } from './orders.js'
import { Newest } from './newest.js'

/** The order of a path as `load` reads it, if the caller may touch it, else the problem (400 number, 404, 403). */
const findOwned = async <R extends Pick<OrderRow, 'company_id'>>(caller: Authenticated, orderNumber: unknown, load: (orderNumber: string) => Promise<R | undefined>): Promise<{ readonly row: R } | { readonly problem: ProblemDetail }> => {
  const parsed = parseOrderNumber(orderNumber)
  return isLeft(parsed) ? { problem: parsed.left } : owned(caller, await load(parsed.right))
}

/** The order of a path if the caller may touch it, else the problem (400 number, 404, 403). */
export const findOwnedOrder = (caller: Authenticated, orderNumber: unknown, db: Queryable, forUpdate = false): Promise<{ readonly row: OrderRow } | { readonly problem: ProblemDetail }> =>
  findOwned(caller, orderNumber, (n) => loadOrder(db, n, forUpdate))

/** The row if the caller may touch it, else the problem (404, 403). */
const owned = <R extends Pick<OrderRow, 'company_id'>>(caller: Authenticated, row: R | undefined): { readonly row: R } | { readonly problem: ProblemDetail } => {
  if (row === undefined) return { problem: problemFor('shipment_not_found') }
  const denied = ownership(caller, row.company_id)
  return denied !== undefined ? { problem: denied } : { row }
}

/** Reads the order of a path (the columns `columns` names, every one by default), owned by the caller: the row, or the 400/404/403 already sent. */
export const ownedOrder = async <K extends keyof OrderRow = keyof OrderRow>(ctx: Context, caller: Authenticated, orderNumber: unknown, reply: FastifyReply, columns?: OrderColumns<K>): Promise<Pick<OrderRow, K> | undefined> => {
  // (every OrderColumns names company_id, for the ownership check)
  const found = await findOwned(caller, orderNumber, async (n) => (columns === undefined ? await loadOrder(ctx.store, n) : await loadOrderColumns(ctx.store, n, columns)) as Pick<OrderRow, K | 'company_id'> | undefined)
  if ('problem' in found) {
    sendProblem(reply, found.problem)
    return undefined
  }
  return found.row
}

/** What a change of state needs of the row it changes. */
type ChangeRow = Pick<OrderRow, 'id' | 'company_id' | 'order_number' | 'status' | 'version'>

type Decision = { readonly problem: ProblemDetail } | { readonly set: string; readonly params: ReadonlyArray<unknown> }

/**
 * The update of a change of state and the order's timeline (the console's) in one statement: a
 * change of state is written with its real time and its company time (the row's new updated_at),
 * and bumps the row's version. With `ifUnchanged`, only if the row's version is still the one read.
 */
const updateOrder = (db: Queryable, row: ChangeRow, decision: Extract<Decision, { set: string }>, ifUnchanged: boolean): Promise<ShipmentRow[]> => {
  const from = decision.params.length + 2
  return db.query<ShipmentRow>(
    `WITH updated AS (UPDATE orders SET ${decision.set}, version = version + 1 WHERE id = $1${ifUnchanged ? ` AND version = $${from + 2}` : ''} RETURNING ${SHIPMENT_COLUMNS.list}),
       timeline AS (INSERT INTO order_transitions (order_id, from_status, to_status, at, company_at) SELECT id, $${from}::text, status, $${from + 1}::timestamptz, updated_at FROM updated WHERE status <> $${from}::text)
     SELECT * FROM updated`,
    [row.id, ...decision.params, row.status, new Date(), ...(ifUnchanged ? [row.version] : [])],
  )
}

/** A problem thrown inside changeOrder's transaction, so that it rolls back (the version its lock bumped too). */
class Refused {
  constructor(readonly problem: ProblemDetail) {}
}

/**
 * Changes an order's state in one transaction (the row locked), answering only after the commit,
 * so that no success is sent for a write the database did not keep. A refusal rolls back.
 */
export const changeOrder = async (
  ctx: Context,
  caller: Authenticated,
  orderNumber: unknown,
  decide: (row: OrderRow, tx: Queryable) => Promise<Decision>,
): Promise<{ readonly problem: ProblemDetail } | { readonly row: ShipmentRow }> => {
  try {
    return await ctx.store.transaction(async (tx) => {
      const found = await findOwnedOrder(caller, orderNumber, tx, true)
      if ('problem' in found) throw new Refused(found.problem)
      const decision = await decide(found.row, tx)
      if ('problem' in decision) throw new Refused(decision.problem)
      const updated = (await updateOrder(tx, found.row, decision, false))[0]
      return { row: updated ?? found.row }
    })
  } catch (e) {
    if (e instanceof Refused) return { problem: e.problem }
    throw e
  }
}

/**
 * What this process knows of the orders it created and nobody changed since, as a read of the
 * order for a change would give it (the row, version 0, and no appointment data): an order this
 * process created with no saved place and no inline appointment, whose change (confirm, cancel)
 * then needs no read (changeOrderFromRead). A snapshot is used once, and is only ever a guess: the
 * write it leads to is made only if the order's version is still 0, that is, if nothing locked or
 * changed the order since (every writer of an order, and of its appointment data, bumps the
 * version; its saved places are written only by the create). The newest 1,000 are kept, and
 * `take` forgets the one it gives.
 */
export class OrderSnapshots<R extends ChangeRow> extends Newest<R> {
  remember(row: R): void {
    this.keep(row.order_number, row)
  }
}

/** How many times changeOrderFromRead reads again after a write it did not see, before it takes the lock. */
const OPTIMISTIC_ATTEMPTS = 4

/**
 * A change of state decided from one read (`read`: the order of a number with what the decision
 * needs, in one statement, so one snapshot) by a `decide` that writes nothing else: confirm and
 * cancel. No transaction is held open across the decision: the update is written only if the
 * row's version is still the one read (every other writer of the order bumps it, see loadOrder),
 * else it reads again; after OPTIMISTIC_ATTEMPTS such races it decides under the row's lock
 * (changeOrder). On PostgreSQL that is two statements instead of BEGIN, lock, read, update and
 * COMMIT; on PGlite, whose one session runs one transaction at a time, no other request waits
 * while this one decides. With a `snapshot` of the order (OrderSnapshots), the first decision is
 * made from it, and when that decision is a change the write is one statement: only if the
 * snapshot's owner is the caller and its version is still the order's. Anything else (a refusal,
 * another owner, a version moved on) is decided again from a read, so that no answer rests on it.
 */
export const changeOrderFromRead = async <R extends ChangeRow>(
  ctx: Context,
  caller: Authenticated,
  orderNumber: unknown,
  read: (db: Queryable, orderNumber: string) => Promise<R | undefined>,
  decide: (row: R, now: Date) => Decision,
  snapshots?: OrderSnapshots<R>,
): Promise<{ readonly problem: ProblemDetail } | { readonly row: ShipmentRow }> => {
  const parsed = parseOrderNumber(orderNumber)
  if (isLeft(parsed)) return { problem: parsed.left }
  const snapshot = snapshots?.take(parsed.right)
  if (snapshot !== undefined && !('problem' in owned(caller, snapshot))) {
    const decision = decide(snapshot, (await ctx.clocks.now(ctx.store, caller.companyId)).toJSDate())
    const updated = 'problem' in decision ? undefined : (await updateOrder(ctx.store, snapshot, decision, true))[0]
    if (updated !== undefined) return { row: updated }
  }
  for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt++) {
    const found = owned(caller, await read(ctx.store, parsed.right))
    if ('problem' in found) return found
    const decision = decide(found.row, (await ctx.clocks.now(ctx.store, caller.companyId)).toJSDate())
    if ('problem' in decision) return decision
    const updated = (await updateOrder(ctx.store, found.row, decision, true))[0]
    if (updated !== undefined) return { row: updated }
  }
  return changeOrder(ctx, caller, parsed.right, async (locked, tx) => {
    const row = await read(tx, locked.order_number)
    return row === undefined ? { problem: problemFor('shipment_not_found') } : decide(row, (await ctx.clocks.now(tx, caller.companyId)).toJSDate())
  })
}
