// The health probes' limits: one home that both the routes and the document part (openapi.ts) read.

/** How long /readyz waits for the database's answer before calling it unreachable, ms. */
export const DEFAULT_READY_TIMEOUT_MS = 2_000

/** The seconds a client is told to wait before asking /readyz again after a failure. */
export const RETRY_AFTER_SECONDS = 5
