// Shared order access: the order a path names, if the caller's company may touch it, and the one
// way an order's state changes (in one transaction, the row locked, answered after the commit).
// Every feature that works on an order of the API reads it through here. Each change of state is
// also written to order_transitions (the console's timeline), in the same transaction.
import type { FastifyReply } from 'fastify'
import { isLeft, parseOrderNumber, problemFor, type ProblemDetail } from 'shipper-rules'
import { ownership, type Authenticated } from '../http/access.js'
import { sendProblem, type Context } from '../http/context.js'
import type { Queryable } from '../db/store.js'
import { loadOrder, type OrderRow } from './orders.js'

/** The order of a path if the caller may touch it, else the problem (400 number, 404, 403). */
export const findOwnedOrder = async (caller: Authenticated, orderNumber: unknown, db: Queryable, forUpdate = false): Promise<{ readonly row: OrderRow } | { readonly problem: ProblemDetail }> => {
  const parsed = parseOrderNumber(orderNumber)
  if (isLeft(parsed)) return { problem: parsed.left }
  const row = await loadOrder(db, parsed.right, forUpdate)
  if (row === undefined) return { problem: problemFor('shipment_not_found') }
  const denied = ownership(caller, row.company_id)
  return denied !== undefined ? { problem: denied } : { row }
}

/** Reads the order of a path, owned by the caller: the row, or the 400/404/403 already sent. */
export const ownedOrder = async (ctx: Context, caller: Authenticated, orderNumber: unknown, reply: FastifyReply): Promise<OrderRow | undefined> => {
  const found = await findOwnedOrder(caller, orderNumber, ctx.store)
  if ('problem' in found) {
    sendProblem(reply, found.problem)
    return undefined
  }
  return found.row
}

/**
 * Changes an order's state in one transaction (the row locked), answering only after the commit,
 * so that no success is sent for a write the database did not keep.
 */
export const changeOrder = async (
  ctx: Context,
  caller: Authenticated,
  orderNumber: unknown,
  decide: (row: OrderRow, tx: Queryable) => Promise<{ readonly problem: ProblemDetail } | { readonly set: string; readonly params: ReadonlyArray<unknown> }>,
): Promise<{ readonly problem: ProblemDetail } | { readonly row: OrderRow }> =>
  ctx.store.transaction(async (tx) => {
    const found = await findOwnedOrder(caller, orderNumber, tx, true)
    if ('problem' in found) return found
    const decision = await decide(found.row, tx)
    if ('problem' in decision) return decision
    // the update and the order's timeline (the console's) in one statement: a change of state is
    // written with its real time and its company time (the row's new updated_at)
    const from = decision.params.length + 2
    const updated = (
      await tx.query<OrderRow>(
        `WITH updated AS (UPDATE orders SET ${decision.set} WHERE id = $1 RETURNING *),
           timeline AS (INSERT INTO order_transitions (order_id, from_status, to_status, at, company_at) SELECT id, $${from}::text, status, $${from + 1}::timestamptz, updated_at FROM updated WHERE status <> $${from}::text)
         SELECT * FROM updated`,
        [found.row.id, ...decision.params, found.row.status, new Date()],
      )
    )[0]
    return { row: updated ?? found.row }
  })
