-- The sandbox's state: companies and their API keys, quotes, orders, Idempotency-Keys, the
-- sandbox clock and the installation's secrets. Plain SQL that runs unchanged on PGlite and on
-- PostgreSQL 13 or later. Times are timestamptz; money is bigint cents; request and response
-- bodies are jsonb, except the answers replayed byte for byte (text, as first sent).

CREATE TABLE settings (
  name text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE sandbox_clock (
  id integer PRIMARY KEY CHECK (id = 1),
  offset_ms bigint NOT NULL DEFAULT 0
);
INSERT INTO sandbox_clock (id, offset_ms) VALUES (1, 0);

CREATE TABLE companies (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);

CREATE TABLE api_keys (
  key_hash text PRIMARY KEY,
  company_id text NOT NULL REFERENCES companies (id),
  created_at timestamptz NOT NULL,
  revoked boolean NOT NULL DEFAULT false
);

CREATE TABLE quotes (
  id text PRIMARY KEY,
  company_id text NOT NULL REFERENCES companies (id),
  customer_reference text,
  created_at timestamptz NOT NULL,
  open boolean NOT NULL DEFAULT true,
  quoted_price_cents bigint,
  charges jsonb NOT NULL,
  request jsonb NOT NULL,
  response text NOT NULL
);
CREATE INDEX quotes_by_reference ON quotes (company_id, customer_reference);

CREATE TABLE orders (
  id text PRIMARY KEY,
  company_id text NOT NULL REFERENCES companies (id),
  user_id text NOT NULL,
  order_number text NOT NULL UNIQUE,
  status text NOT NULL,
  total_price_cents bigint NOT NULL,
  quote_id text REFERENCES quotes (id),
  request jsonb NOT NULL,
  charges jsonb NOT NULL,
  pricing jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  planned_pickup_at timestamptz,
  predicted_delivery_at timestamptz,
  actual_pickup_at timestamptz,
  actual_delivery_at timestamptz,
  delay_minutes integer NOT NULL DEFAULT 0,
  off_route_km integer NOT NULL DEFAULT 0
);
CREATE INDEX orders_by_company ON orders (company_id);

CREATE TABLE idempotency_keys (
  company_id text NOT NULL REFERENCES companies (id),
  idempotency_key text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL,
  response text NOT NULL,
  PRIMARY KEY (company_id, idempotency_key)
);
