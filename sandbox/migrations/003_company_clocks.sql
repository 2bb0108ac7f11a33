-- A clock per company (issue 24): each company's time is real time plus its own offset, so
-- advancing one company's clock never moves another's quotes, keys, links or tracking. The old
-- installation-wide offset is carried over to every existing company, capped at the documented
-- bound (7,305 days, 20 years): an offset past it (one call could move the clock to the year
-- 16417) made every later quote and create fail.
ALTER TABLE companies ADD COLUMN clock_offset_ms bigint NOT NULL DEFAULT 0;
UPDATE companies SET clock_offset_ms = LEAST(GREATEST((SELECT offset_ms FROM sandbox_clock WHERE id = 1), 0), 631152000000);
DROP TABLE sandbox_clock
