-- Indexes for the hot paths (issue 24, item 5): every foreign key a request follows, or that a
-- delete of the referenced row has to check, is served by an index that leads with it, and the
-- by-reference lookup reads the newest quotes of a reference first instead of all of them.
-- Foreign keys already led by a primary key or a unique constraint need nothing here:
-- idempotency_keys (company_id, …), order_places / order_appointments / appointment_pdfs
-- (order_id, stop), appointment_documents (order_id, stop, type), outbox (company_id, seq),
-- orders (company_id) and saved_addresses (company_id). Independent of 003 (the clock), so the
-- two may be applied in either order on a database that already has one of them.
-- Plain SQL for PGlite and PostgreSQL 13 or later.

-- GET /v1/shipper/quotes/by-reference: the newest quote of (company, reference) first (it also
-- serves everything the old (company_id, customer_reference) index served, so that one goes).
CREATE INDEX IF NOT EXISTS quotes_by_reference_newest ON quotes (company_id, customer_reference, created_at DESC);
DROP INDEX IF EXISTS quotes_by_reference;

-- orders.quote_id → quotes: the orders created on a quote
CREATE INDEX IF NOT EXISTS orders_by_quote ON orders (quote_id);

-- api_keys.company_id → companies: the keys of a company
CREATE INDEX IF NOT EXISTS api_keys_by_company ON api_keys (company_id);

-- order_places.saved_address_id → saved_addresses: the stops placed at a saved address
CREATE INDEX IF NOT EXISTS order_places_by_saved_address ON order_places (saved_address_id);

-- outbox.order_id → orders: an order's carrier notifications (its company_id index leads with the company)
CREATE INDEX IF NOT EXISTS outbox_by_order ON outbox (order_id);
