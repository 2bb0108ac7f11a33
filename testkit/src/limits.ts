// One limit for waits on a shared machine (a sandbox's start, a process's exit, an answer held by
// the fault proxy), for every package's tests and scripts. A limit only bounds a wait for a
// signal: nothing is ever asserted about how long something took.
import { availableParallelism, loadavg } from 'node:os'

/**
 * The factor of every limit: SANDBOX_TEST_LIMIT_FACTOR (or CLIENT_TEST_LIMIT_FACTOR, the client's
 * older name) when set to a positive number (say 20 on a very slow machine); else the machine's
 * load per core when called (the 1-minute load average over the cores), at least 1, at most 10.
 */
export const limitFactor = (env: NodeJS.ProcessEnv = process.env): number => {
  const fromEnv = Number(env['SANDBOX_TEST_LIMIT_FACTOR'] ?? env['CLIENT_TEST_LIMIT_FACTOR'])
  if (Number.isFinite(fromEnv) && fromEnv > 0) return fromEnv
  return Math.min(10, Math.max(1, loadavg()[0]! / availableParallelism()))
}

/** `ms` on an idle machine, times {@link limitFactor}: a machine busy with other work never fails a wait that passes on an idle one. */
export const limitMs = (ms: number, env: NodeJS.ProcessEnv = process.env): number => Math.round(ms * limitFactor(env))
