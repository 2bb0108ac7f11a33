// The stateful checks of the kit (issue 27): fast-check model-based runs against the server, each
// command's expected answer taken from the library's rules.
import type { Check } from '../../check.js'
import { appointments } from './appointments.js'
import { idempotency } from './idempotency.js'
import { lifecycle } from './lifecycle.js'
import { quoteThenCreate } from './quoteThenCreate.js'
import { tenancy } from './tenancy.js'
import { windows } from './windows.js'

export { appointments, idempotency, lifecycle, quoteThenCreate, tenancy, windows }

/** Every stateful check, in the order a run takes them (tenancy: it needs the other company; the windows last: they move the company clock by days). */
export const STATEFUL_CHECKS: ReadonlyArray<Check> = [quoteThenCreate, idempotency, lifecycle, appointments, tenancy, windows]
