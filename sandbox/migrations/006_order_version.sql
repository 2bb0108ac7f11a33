-- An order's version (shared/orderAccess.ts): every write that takes an order's row lock bumps it
-- (shared/orders.ts, lockOrder), and so does every change of its state. A change decided from one
-- read of the order and its appointment data (confirm, cancel) is written only if the version is
-- still the one it read, so it needs no transaction held open across the decision; a change the
-- read did not see makes it read again. Plain SQL for PGlite and PostgreSQL 13 or later.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 0;
