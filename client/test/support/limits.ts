// Limits for waits on a shared machine, as sandbox/test/support/cli.ts scales them: a limit only
// bounds a wait for a signal (a banner, an exit, an answer), nothing is asserted about durations.
import { availableParallelism, loadavg } from 'node:os'

/**
 * `baseMs` on an idle machine, times the load per core (1-minute load average over the cores, at
 * least 1, at most 10) when called, or CLIENT_TEST_LIMIT_FACTOR (as client/vitest.config.ts reads it),
 * else SANDBOX_TEST_LIMIT_FACTOR, when set (say 20 on a very slow machine).
 */
export const scaledLimitMs = (baseMs: number): number => {
  const fromEnv = Number(process.env['CLIENT_TEST_LIMIT_FACTOR'] ?? process.env['SANDBOX_TEST_LIMIT_FACTOR'])
  const factor = Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : Math.min(10, Math.max(1, loadavg()[0]! / availableParallelism()))
  return Math.round(baseMs * factor)
}
