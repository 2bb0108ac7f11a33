// Generators for appointment requirements: valid by construction, exactly as the spec reads them,
// and corruptions of one named field with its path.
import fc from 'fast-check'
import { emailArb, textArb } from './address.js'

export const contactPhoneArb = fc.stringMatching(/^\+[1-9]\d{7,14}$/)
export const portalUrlArb = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom('com', 'net', 'io'), fc.stringMatching(/^(\/[a-z0-9-]{1,10}){0,3}$/))
  .map(([host, tld, p]) => `https://${host}.${tld}${p}`)
export const referenceArb = fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{0,20}$/)

/**
 * A valid appointment contact: a name, at least one of email and phone (`+` and 8 to 15
 * digits), perhaps a role.
 *
 * Targets APT-03.
 *
 * @example
 * fc.sample(contactArb, { seed: 1, numRuns: 30 }).every((c) => isRight(validateAppointmentRequirement({ channel: 'PHONE', contacts: [c] })))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const contactArb = fc
  .record({
    name: textArb,
    email: fc.option(emailArb, { nil: undefined }),
    phone: fc.option(contactPhoneArb, { nil: undefined }),
    role: fc.option(fc.constantFrom('Dock supervisor', 'Receiving', 'Night shift'), { nil: undefined }),
  })
  .map(({ email, phone, ...rest }) => {
    // at least one of email or phone, by construction
    const c: Record<string, unknown> = { ...rest }
    if (email === undefined && phone === undefined) c['phone'] = '+13125550100'
    if (email !== undefined) c['email'] = email
    if (phone !== undefined) c['phone'] = phone
    for (const k of Object.keys(c)) if (c[k] === undefined) delete c[k]
    return c
  })

/**
 * A valid AppointmentRequirementRequest body: a channel (a portal URL exactly when it is PORTAL),
 * perhaps contacts, instructions, reference numbers and a lead time of 0 to 168 hours.
 *
 * Targets APT-01 … APT-06.
 *
 * @example
 * fc.sample(requirementArb, { seed: 1, numRuns: 30 }).every((r) => isRight(validateAppointmentRequirement(r)))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const requirementArb: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    channel: fc.constantFrom('PHONE', 'EMAIL', 'PORTAL'),
    portalUrl: portalUrlArb,
    contacts: fc.option(fc.array(contactArb, { minLength: 1, maxLength: 5 }), { nil: undefined }),
    instructions: fc.option(textArb, { nil: undefined }),
    referenceNumbers: fc.option(fc.array(referenceArb, { minLength: 1, maxLength: 10 }), { nil: undefined }),
    leadTimeHours: fc.option(fc.integer({ min: 0, max: 168 }), { nil: undefined }),
  })
  .map(({ channel, portalUrl, ...rest }) => {
    const r: Record<string, unknown> = { channel, ...rest }
    if (channel === 'PORTAL') r['portalUrl'] = portalUrl
    for (const k of Object.keys(r)) if (r[k] === undefined) delete r[k]
    return r
  })

/**
 * An invalid AppointmentRequirementRequest body: a valid one with one field given a value wrong
 * on its own (an unknown channel, 2,001 characters of instructions, a lead time of 169 hours, a
 * bad contact, a reference of 65 characters, a portal URL that is not https or where none is
 * allowed), and the rendered path of that field (`field`), which the validator reports.
 *
 * Targets APT-01 … APT-06.
 *
 * @example
 * fc.sample(corruptedRequirementArb, { seed: 1, numRuns: 30 }).every(({ input, field }) => { const r = validateAppointmentRequirement(input); return isLeft(r) && r.left.some((v) => v.field === field) })
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const corruptedRequirementArb = requirementArb.chain((valid) => {
  const options: Array<fc.Arbitrary<{ input: Record<string, unknown>; field: string }>> = [
    fc.constantFrom('FAX', 'carrier pigeon', 3).map((v) => ({ input: { ...valid, channel: v }, field: 'channel' })),
    fc.constantFrom('x'.repeat(2001), 42).map((v) => ({ input: { ...valid, instructions: v }, field: 'instructions' })),
    fc.constantFrom(-1, 169, 1.5, '24').map((v) => ({ input: { ...valid, leadTimeHours: v }, field: 'leadTimeHours' })),
  ]
  const contacts = valid['contacts'] as Array<Record<string, unknown>> | undefined
  if (contacts !== undefined) {
    options.push(
      fc.tuple(fc.nat(contacts.length - 1), fc.constantFrom('phone', 'email', 'name', 'role')).map(([i, key]) => {
        const bad = { phone: '+1234', email: 'not-an-email', name: '  ', role: 'r'.repeat(101) }[key]
        const list = contacts.map((c, j) => (j === i ? { ...c, [key]: bad } : c))
        return { input: { ...valid, contacts: list }, field: `contacts[${i}].${key}` }
      }),
    )
  }
  const refs = valid['referenceNumbers'] as string[] | undefined
  if (refs !== undefined) {
    options.push(fc.nat(refs.length - 1).map((i) => ({ input: { ...valid, referenceNumbers: refs.map((r, j) => (j === i ? 'R'.repeat(65) : r)) }, field: `referenceNumbers[${i}]` })))
  }
  if (valid['channel'] === 'PORTAL') {
    options.push(fc.constantFrom('http://book.example.com', 'ftp://x', `https://${'a'.repeat(510)}.com`).map((v) => ({ input: { ...valid, portalUrl: v }, field: 'portalUrl' })))
  } else {
    options.push(portalUrlArb.map((v) => ({ input: { ...valid, portalUrl: v }, field: 'portalUrl' })))
  }
  return fc.oneof(...options)
})
