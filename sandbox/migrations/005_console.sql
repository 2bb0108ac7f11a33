-- The console (issue 34): the request log of each company and the transitions of each order.
-- The request log holds what a company's authenticated requests sent and got back, redacted
-- (no credential, no download signature) and with bodies capped, newest by seq; it is kept in the
-- database so every process on one PostgreSQL shows the same log, and trimmed to a bound per
-- company by the process that writes it. Order transitions are written by the one place an order's
-- state changes (shared/orderAccess.ts), in the same transaction.

CREATE TABLE request_log (
  seq bigserial PRIMARY KEY,
  company_id text NOT NULL REFERENCES companies (id),
  request_id text NOT NULL,
  at timestamptz NOT NULL,
  company_at timestamptz NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  route text NOT NULL,
  query text NOT NULL,
  status integer NOT NULL,
  reason text,
  duration_ms double precision NOT NULL,
  violation_count integer NOT NULL,
  request_headers text NOT NULL,
  request_body text,
  request_body_truncated boolean NOT NULL,
  request_content_type text,
  response_headers text NOT NULL,
  response_body text,
  response_body_truncated boolean NOT NULL,
  response_content_type text,
  violations text NOT NULL
);
CREATE INDEX request_log_by_company ON request_log (company_id, seq);

CREATE TABLE order_transitions (
  seq bigserial PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (id),
  from_status text NOT NULL,
  to_status text NOT NULL,
  at timestamptz NOT NULL,
  company_at timestamptz NOT NULL
);
CREATE INDEX order_transitions_by_order ON order_transitions (order_id, seq)
