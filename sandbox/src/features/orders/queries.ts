// The orders feature's statements: shipment create writes the order and its Idempotency-Key
// record in one statement (routes.ts decides every column first).

/** Serializes every create carrying one (company, key) on a PostgreSQL pool: $1 is `company:key`. */
export const LOCK_KEY = 'SELECT pg_advisory_xact_lock(hashtext($1))'

/** The stored Idempotency-Key record of (company $1, key $2) and the quote $3 the body names, in one read. */
export const KEY_AND_QUOTE = `SELECT q.*, k.body AS key_body, k.created_at AS key_created_at, k.response AS key_response
           FROM (SELECT 1) AS one
           LEFT JOIN idempotency_keys k ON k.company_id = $1 AND k.idempotency_key = $2
           LEFT JOIN quotes q ON q.id = $3`

/** A new order; nothing when its order number is taken (another attempt picks another). */
export const INSERT_ORDER = `INSERT INTO orders (id, company_id, user_id, order_number, status, total_price_cents, quote_id, request, charges, pricing, created_at, updated_at, planned_pickup_at, predicted_delivery_at)
           VALUES ($1, $2, $3, $4, 'INITIALIZED', $5, $6, $7::text::jsonb, $8::text::jsonb, $9::text::jsonb, $10, $10, $11, $12)
           ON CONFLICT (order_number) DO NOTHING RETURNING id`

/** A new order and its Idempotency-Key record ($13 key, $14 body, $15 answer) in one statement. */
export const INSERT_ORDER_WITH_KEY = `WITH o AS (${INSERT_ORDER})
               INSERT INTO idempotency_keys (company_id, idempotency_key, body, created_at, response) SELECT $2, $13, $14, $10, $15 FROM o
               ON CONFLICT (company_id, idempotency_key) DO UPDATE SET body = EXCLUDED.body, created_at = EXCLUDED.created_at, response = EXCLUDED.response
               RETURNING idempotency_key`

/** A stop of an order placed at a saved address. */
export const INSERT_ORDER_PLACE = 'INSERT INTO order_places (order_id, stop, saved_address_id) VALUES ($1, $2, $3)'
