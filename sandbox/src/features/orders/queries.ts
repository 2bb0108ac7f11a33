// The orders feature's statements: shipment create writes the order and its Idempotency-Key
// record in one statement (routes.ts decides every column first).

/** The stored Idempotency-Key record of (company $1, key $2) and the quote $3 the body names, in one read. */
export const KEY_AND_QUOTE = `SELECT q.*, k.body AS key_body, k.created_at AS key_created_at, k.response AS key_response
           FROM (SELECT 1) AS one
           LEFT JOIN idempotency_keys k ON k.company_id = $1 AND k.idempotency_key = $2
           LEFT JOIN quotes q ON q.id = $3`

/** A new order (a create without an Idempotency-Key). A taken order number fails the statement (23505, isOrderNumberTaken): another attempt picks another. */
export const INSERT_ORDER = `INSERT INTO orders (id, company_id, user_id, order_number, status, total_price_cents, quote_id, request, charges, pricing, created_at, updated_at, planned_pickup_at, predicted_delivery_at)
           VALUES ($1, $2, $3, $4, 'INITIALIZED', $5, $6, $7::text::jsonb, $8::text::jsonb, $9::text::jsonb, $10, $10, $11, $12)
           RETURNING id`

/**
 * A new order with its Idempotency-Key record ($13 key, $14 body, $15 answer) in one statement, the
 * key first. The key is written only if (company $2, key $13) has no record, or if the record there
 * is still the expired one the create read ($16, its created_at; null when it read none): else
 * nothing is written and no row comes back, because a request that raced this one wrote the key
 * (the create reads it again and answers its replay or conflict). So one key never makes two
 * orders, on any number of connections or processes, without a lock held across the create's
 * decision. A taken order number fails the statement (23505) and writes nothing.
 */
export const INSERT_KEY_THEN_ORDER = `WITH k AS (
             INSERT INTO idempotency_keys (company_id, idempotency_key, body, created_at, response) VALUES ($2, $13, $14, $10, $15)
             ON CONFLICT (company_id, idempotency_key) DO UPDATE SET body = EXCLUDED.body, created_at = EXCLUDED.created_at, response = EXCLUDED.response
               WHERE idempotency_keys.created_at = $16
             RETURNING 1)
           INSERT INTO orders (id, company_id, user_id, order_number, status, total_price_cents, quote_id, request, charges, pricing, created_at, updated_at, planned_pickup_at, predicted_delivery_at)
             SELECT $1::text, $2, $3::text, $4::text, 'INITIALIZED', $5::bigint, $6::text, $7::text::jsonb, $8::text::jsonb, $9::text::jsonb, $10, $10, $11::timestamptz, $12::timestamptz FROM k
           RETURNING id`

/** Whether a statement failed because the order number it wrote is taken (the unique index of orders.order_number). */
export const isOrderNumberTaken = (e: unknown): boolean => {
  if (typeof e !== 'object' || e === null) return false
  const { code, constraint, detail } = e as { code?: unknown; constraint?: unknown; detail?: unknown }
  return code === '23505' && /order_number/.test(`${String(constraint ?? '')} ${String(detail ?? '')}`)
}

/** A stop of an order placed at a saved address. */
export const INSERT_ORDER_PLACE = 'INSERT INTO order_places (order_id, stop, saved_address_id) VALUES ($1, $2, $3)'
