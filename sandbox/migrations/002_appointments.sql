-- Appointments (spec: Endpoints 9-13, Appointment merge rules): saved addresses with their
-- place-level default, the link of an order's stop to a saved address, the order-level
-- requirement per stop, the uploaded supporting documents (bytes in the database, so they
-- survive a restart on PGlite and on PostgreSQL), the appointment PDF per stop, and the outbox
-- of carrier-change notifications. Plain SQL for PGlite and PostgreSQL 13 or later.

CREATE TABLE saved_addresses (
  id text PRIMARY KEY,
  company_id text NOT NULL REFERENCES companies (id),
  address jsonb NOT NULL,
  appointment jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX saved_addresses_by_company ON saved_addresses (company_id);

CREATE TABLE order_places (
  order_id text NOT NULL REFERENCES orders (id),
  stop text NOT NULL CHECK (stop IN ('PICKUP', 'DELIVERY')),
  saved_address_id text NOT NULL REFERENCES saved_addresses (id),
  PRIMARY KEY (order_id, stop)
);

CREATE TABLE order_appointments (
  order_id text NOT NULL REFERENCES orders (id),
  stop text NOT NULL CHECK (stop IN ('PICKUP', 'DELIVERY')),
  requirement jsonb NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (order_id, stop)
);

CREATE TABLE appointment_documents (
  id text PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (id),
  stop text NOT NULL CHECK (stop IN ('PICKUP', 'DELIVERY')),
  type text NOT NULL,
  filename text NOT NULL,
  size_bytes bigint NOT NULL,
  content bytea NOT NULL,
  page_count integer NOT NULL,
  uploaded_at timestamptz NOT NULL,
  uploaded_by text NOT NULL,
  UNIQUE (order_id, stop, type)
);

CREATE TABLE appointment_pdfs (
  order_id text NOT NULL REFERENCES orders (id),
  stop text NOT NULL CHECK (stop IN ('PICKUP', 'DELIVERY')),
  content bytea NOT NULL,
  page_count integer NOT NULL,
  generated_at timestamptz NOT NULL,
  PRIMARY KEY (order_id, stop)
);

CREATE TABLE outbox (
  id text PRIMARY KEY,
  seq bigserial NOT NULL,
  company_id text NOT NULL REFERENCES companies (id),
  order_id text NOT NULL REFERENCES orders (id),
  order_number text NOT NULL,
  stop text NOT NULL,
  kind text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  change_reason text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX outbox_by_company ON outbox (company_id, seq)
