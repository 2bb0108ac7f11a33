// Saved addresses (places), a sandbox-only resource outside /v1/shipper: the spec stores the
// place-level appointment default on a saved address (Address.defaultAccessorials.appointment)
// and does not show how one is created or edited. Scoped to the caller's company; the address is
// judged by `normalizeAddress`, the default by `validateAppointmentRequirement`. A shipment's
// stops are placed at saved addresses with the X-Sandbox-Pickup-Address-Id and
// X-Sandbox-Delivery-Address-Id headers of the create (see shipments.ts).
import type { FastifyInstance } from 'fastify'
import { isLeft, normalizeAddress, problemFor, validateAppointmentRequirement, validationProblem, violationAt, type AppointmentRequirement, type Violation } from 'shipper-rules'
import { access, callerOf, ownership, type Authenticated } from '../../http/access.js'
import { isObject, sendProblem, type Context } from '../../http/context.js'
import { loadSavedAddress, savedAddressOf, type SavedAddressRow, type StopAddress } from '../../shared/appointments.js'
import { insertSavedAddress, listSavedAddresses, replaceSavedAddress } from './queries.js'

/** The saved address of a body: the Address (as a shipment stop needs it) and its appointment default, or every violation. */
const readSavedAddress = (body: unknown): { readonly violations: Violation[] } | { readonly address: StopAddress; readonly appointment: AppointmentRequirement | null } => {
  const violations: Violation[] = []
  const address = normalizeAddress(body, { purpose: 'shipment' })
  if (isLeft(address)) violations.push(...address.left)
  let appointment: AppointmentRequirement | null = null
  const accessorials = isObject(body) ? body['defaultAccessorials'] : undefined
  if (accessorials !== undefined && accessorials !== null) {
    if (!isObject(accessorials)) violations.push(violationAt(['defaultAccessorials'], 'defaultAccessorials', 'type', 'must be an object { appointment }'))
    else {
      const raw = accessorials['appointment']
      if (raw !== undefined && raw !== null) {
        const checked = validateAppointmentRequirement(raw, { path: ['defaultAccessorials', 'appointment'] })
        if (isLeft(checked)) violations.push(...checked.left)
        else appointment = checked.right
      }
    }
  }
  if (violations.length > 0 || isLeft(address)) return { violations }
  return { address: address.right, appointment }
}

type AddressParams = { Params: { id: string } }

/** The saved address of the path if the caller's company owns it (404 unknown, 403 another company's). */
const ownedAddress = async (ctx: Context, caller: Authenticated, id: string): Promise<{ readonly row: SavedAddressRow } | { readonly problem: ReturnType<typeof problemFor> }> => {
  const row = await loadSavedAddress(ctx.store, id)
  if (row === undefined) return { problem: problemFor('not_found', `No saved address ${id}.`) }
  const denied = ownership(caller, row.company_id)
  return denied !== undefined ? { problem: denied } : { row }
}

export const addressRoutes = (ctx: Context) => async (app: FastifyInstance) => {
  app.post('/sandbox/addresses', access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const read = readSavedAddress(request.body)
    if ('violations' in read) return sendProblem(reply, validationProblem(read.violations))
    const now = (await ctx.clocks.now(ctx.store, caller.companyId)).toJSDate()
    const row = await insertSavedAddress(ctx.store, caller.companyId, read.address, read.appointment, now)
    return row === undefined ? sendProblem(reply, problemFor('internal_error')) : reply.code(201).send(savedAddressOf(row))
  })

  app.get('/sandbox/addresses', access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const rows = await listSavedAddresses(ctx.store, caller.companyId)
    return reply.send({ addresses: rows.map(savedAddressOf) })
  })

  app.get<AddressParams>('/sandbox/addresses/:id', access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const found = await ownedAddress(ctx, caller, request.params.id)
    return 'problem' in found ? sendProblem(reply, found.problem) : reply.send(savedAddressOf(found.row))
  })

  // a full replace, like the appointment PUT; orders placed here see the new default at once
  app.put<AddressParams>('/sandbox/addresses/:id', access('company'), async (request, reply) => {
    const caller = callerOf(request)
    const found = await ownedAddress(ctx, caller, request.params.id)
    if ('problem' in found) return sendProblem(reply, found.problem)
    const read = readSavedAddress(request.body)
    if ('violations' in read) return sendProblem(reply, validationProblem(read.violations))
    const now = (await ctx.clocks.now(ctx.store, caller.companyId)).toJSDate()
    const row = await replaceSavedAddress(ctx.store, found.row.id, read.address, read.appointment, now)
    return row === undefined ? sendProblem(reply, problemFor('internal_error')) : reply.send(savedAddressOf(row))
  })
}
