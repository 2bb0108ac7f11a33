/**
 * `shipper-rules merge-appointment <place.json> <order.json>`: the effective requirement of a
 * stop, with the provenance map, as the appointment GET returns it.
 *
 * @module
 */
import { validationProblem } from '../errors/problem.js'
import type { Violation } from '../errors/violation.js'
import { isObject } from '../internal/input.js'
import { validateAppointmentRequirement, type AppointmentRequirement } from '../rules/appointment.js'
import { mergeAppointment } from '../rules/appointmentMerge.js'
import type { CliIo } from './io.js'
import { parseJsonText } from './jsonText.js'
import { errorLine, usageError } from './usage.js'

export const MERGE_APPOINTMENT_USAGE = `  shipper-rules merge-appointment <place.json|none> <order.json|none>
      merges a place-level default with an order-level override (each an appointment
      requirement body; an "appointmentRequired": true|false key beside it sets that level's
      flag) and prints the merged requirement with _merged.fields; exit 1 with the
      ProblemDetail when either requirement is invalid.`

type Side = { requirement: AppointmentRequirement | undefined; required: boolean | undefined }

export const mergeAppointmentCommand = async (args: ReadonlyArray<string>, io: CliIo): Promise<number> => {
  const option = args.find((a) => a.startsWith('-') && a !== '-')
  if (option !== undefined) return usageError(io, 'merge-appointment', `unknown option '${option}'`)
  if (args.length !== 2) return usageError(io, 'merge-appointment', 'merge-appointment takes a place file and an order file (or none)')
  const sides: Side[] = []
  const violations: Violation[] = []
  for (const [i, name] of args.entries()) {
    const level = i === 0 ? 'place' : 'order'
    if (name === 'none') {
      sides.push({ requirement: undefined, required: undefined })
      continue
    }
    let text: string
    try {
      text = await io.readFile(name)
    } catch (e) {
      errorLine(io, `cannot read ${level} requirement ${name}: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]!}`)
      return 2
    }
    // a byte order mark is accepted; a syntax error is reported by line and column, not by the text around it
    const parsed = parseJsonText(text)
    if (!parsed.ok) {
      errorLine(io, `malformed JSON in ${level} requirement ${name}: ${parsed.message}`)
      return 2
    }
    const json = parsed.value
    const { appointmentRequired, ...body } = isObject(json) ? json : { appointmentRequired: undefined }
    const required = typeof appointmentRequired === 'boolean' ? appointmentRequired : undefined
    if (json === null) {
      sides.push({ requirement: undefined, required })
      continue
    }
    const r = validateAppointmentRequirement(isObject(json) ? body : json, { path: level })
    if (r._tag === 'Left') violations.push(...r.left)
    else sides.push({ requirement: r.right, required })
  }
  if (violations.length > 0) {
    io.stdout(`${JSON.stringify(validationProblem(violations), null, 2)}\n`)
    return 1
  }
  const [place, order] = sides as [Side, Side]
  const merged = mergeAppointment({ place: place.requirement, order: order.requirement, placeRequired: place.required, orderRequired: order.required })
  io.stdout(`${JSON.stringify(merged, null, 2)}\n`)
  return 0
}
