// validateOperationBody (src/rules/operationBodies.ts: QTE-01, CRT-01 … CRT-09, APT-01 … APT-06
// through the validators it picks), the check the sandbox console's explorer runs before it sends
// a request: for each operation that takes a JSON body, exactly the problem the server's validator
// gives, on valid bodies, corrupted ones and any JSON at all; { checked: false } for every other
// operationId and for one that is not a string; and the operations it checks are exactly those the
// library's OpenAPI document gives an application/json request body.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validationProblem } from '../../src/errors/problem.js'
import { openApiDocument } from '../../src/openapi/index.js'
import { validateAppointmentRequirement } from '../../src/rules/appointment.js'
import { validateOperationBody } from '../../src/rules/operationBodies.js'
import { validateCreateShipment, validateQuoteRequest } from '../../src/rules/requests.js'
import { corruptedArb } from '../../src/arbitraries/corruption.js'
import { requirementArb } from '../../src/arbitraries/appointment.js'
import { quoteRequestArb } from '../../src/arbitraries/quote.js'
import { createArb } from '../../src/arbitraries/requests.js'

/** An Either's problem, or null when it is a Right. */
const problemOrNull = <E>(r: { readonly _tag: 'Left'; readonly left: E } | { readonly _tag: 'Right' }): E | null => (r._tag === 'Left' ? r.left : null)

/** The server's answer for each operation with a JSON body: the validator's problem, or null (an appointment's violations as the 400 the server sends). */
const SERVER: Readonly<Record<string, (body: unknown) => unknown>> = {
  createQuote: (body) => problemOrNull(validateQuoteRequest(body)),
  createShipment: (body) => problemOrNull(validateCreateShipment(body)),
  putAppointmentRequirement: (body) => {
    const violations = problemOrNull(validateAppointmentRequirement(body))
    return violations === null ? null : validationProblem(violations)
  },
}

/** Bodies for an operation: valid ones, corruptions of them, and any JSON value. */
const bodiesFor = (valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> => fc.oneof(valid, corruptedArb(valid, { json: true }).map((c) => c.input), fc.jsonValue())

describe('validateOperationBody: the explorer checks a body as the server does', () => {
  const cases: ReadonlyArray<readonly [string, fc.Arbitrary<unknown>]> = [
    ['createQuote', bodiesFor(quoteRequestArb)],
    ['createShipment', bodiesFor(createArb)],
    ['putAppointmentRequirement', bodiesFor(requirementArb)],
  ]
  for (const [operationId, bodies] of cases) {
    it(`${operationId}: the problem of the server's validator, null for a valid body`, () => {
      fc.assert(
        fc.property(bodies, (body) => {
          expect(validateOperationBody(operationId, body)).toEqual({ checked: true, problem: SERVER[operationId]!(body) })
        }),
      )
    })
  }

  it('any other operationId, or one that is not a string, is not checked, whatever the body', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string().filter((s) => !Object.hasOwn(SERVER, s)),
          fc.constantFrom('getQuote', 'cancelShipment', 'toString', '__proto__', 'constructor', 'createquote'),
          fc.anything().filter((v) => typeof v !== 'string'),
        ),
        fc.jsonValue(),
        (operationId, body) => {
          expect(validateOperationBody(operationId, body)).toEqual({ checked: false })
        },
      ),
    )
  })

  it("checks exactly the operations to which the library's OpenAPI document gives a JSON request body", () => {
    const doc = openApiDocument()
    expect(doc._tag).toBe('Right')
    if (doc._tag !== 'Right') return
    const withJsonBody: string[] = []
    for (const item of Object.values(doc.right.paths as Record<string, Record<string, unknown>>)) {
      for (const operation of Object.values(item)) {
        const op = operation as { operationId?: string; requestBody?: { content?: Record<string, unknown> } }
        if (typeof op.operationId === 'string' && op.requestBody?.content?.['application/json'] !== undefined) withJsonBody.push(op.operationId)
      }
    }
    expect(withJsonBody.sort()).toEqual(Object.keys(SERVER).sort())
    for (const id of withJsonBody) expect(validateOperationBody(id, {}).checked).toBe(true)
  })
})
