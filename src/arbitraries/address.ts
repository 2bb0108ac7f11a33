// Generators for addresses: valid wire addresses built by construction, exactly as the spec reads
// them (strict: no padding, codes in the spec's case except country, which is case-insensitive;
// both territory spellings; absent optionals; unknown fields), and corruptions of chosen fields
// that record the path they corrupted. What a person types (padding, lower-case codes, empty
// optionals) is typing.ts's business: repairInput turns it into these.
import fc from 'fast-check'
import { ADDRESS_FLAGS } from '../model/addressFields.js'
import { US_STATES_AND_DC, US_TERRITORIES } from '../rules/country.js'

/** Blanks around a value, as a person types them (for repairInput's properties). */
export const pad = (core: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.tuple(fc.constantFrom('', ' ', '  ', '\t'), core, fc.constantFrom('', ' ', '\n')).map(([a, b, c]) => a + b + c)

export const randomCase = (s: string): fc.Arbitrary<string> =>
  fc.array(fc.boolean(), { minLength: s.length, maxLength: s.length }).map((up) =>
    [...s].map((ch, i) => (up[i] === true ? ch.toUpperCase() : ch.toLowerCase())).join(''),
  )

/** Non-blank free text: starts and ends with a visible character. */
export const textArb = fc.stringMatching(/^[A-Za-z0-9](?:[A-Za-z0-9 .,'#&/-]{0,28}[A-Za-z0-9.])?$/)
export const zipArb = fc.integer({ min: 1, max: 99998 }).map((n) => String(n).padStart(5, '0'))
/**
 * A valid phone number in E.164 form: `+`, a digit 1 to 9, then 1 to 14 digits.
 *
 * Targets ADDR-08.
 *
 * @example
 * fc.sample(phoneArb, { seed: 1, numRuns: 30 }).every((phoneNumber) => isRight(normalizeAddress({ zipCode: '60601', phoneNumber }, { purpose: 'quote' })))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const phoneArb = fc.stringMatching(/^\+[1-9]\d{1,14}$/)
export const extensionArb = fc.stringMatching(/^\d{1,10}$/)
/**
 * A valid email address: a local part of 1 to 16 characters, a domain and a common top-level
 * domain, well under the 320-character limit.
 *
 * Targets ADDR-10.
 *
 * @example
 * fc.sample(emailArb, { seed: 1, numRuns: 30 }).every((email) => isRight(normalizeAddress({ zipCode: '60601', email }, { purpose: 'quote' })))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const emailArb = fc
  .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,15}$/), fc.stringMatching(/^[a-z0-9]{1,10}$/), fc.constantFrom('com', 'net', 'example', 'co.uk'))
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`)
export const timeArb = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)

/**
 * A served (country, state) pair in any of its wire spellings (`wire`: a US state or DC with
 * or without a country in any case, a territory as its own country or as country US with the
 * territory in state), with the canonical pair it normalizes to (`canonical`).
 *
 * Targets ADDR-02, ADDR-05, ADDR-06 and ADDR-07.
 *
 * @example
 * fc.sample(countryStateArb, { seed: 1, numRuns: 30 }).every(({ wire, canonical }) => { const r = normalizeAddress({ zipCode: '60601', ...wire }, { purpose: 'quote' }); return isRight(r) && r.right.country === canonical.country && r.right.state === canonical.state })
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const countryStateArb: fc.Arbitrary<{ wire: { country?: string; state: string }; canonical: { country: string; state: string } }> =
  fc.oneof(
    fc.constantFrom(...US_STATES_AND_DC).chain((state) =>
      fc.tuple(fc.constant(state), fc.option(randomCase('US'), { nil: undefined })).map(([s, c]) => ({
        wire: c === undefined ? { state: s } : { country: c, state: s },
        canonical: { country: 'US', state },
      })),
    ),
    fc.constantFrom(...US_TERRITORIES).chain((t) =>
      fc
        .tuple(fc.constant(t), fc.constantFrom<'territory' | 'us'>('territory', 'us'), randomCase(t), randomCase('US'))
        .map(([s, spelling, c, us]) => ({
          wire: { country: spelling === 'territory' ? c : us, state: s },
          canonical: { country: t, state: t },
        })),
    ),
  )

export const FLAG_NAMES = ADDRESS_FLAGS

const optional = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: 3, arbitrary: arb }, { weight: 2, arbitrary: fc.constant(undefined) })

/**
 * A wire address valid for a shipment create, exactly as the spec reads it (strict: no padding;
 * both territory spellings; optional fields present or absent; flags; sometimes fields the spec
 * does not name, which are dropped).
 *
 * Targets ADDR-01 … ADDR-12.
 *
 * @example
 * fc.sample(shipmentAddressArb, { seed: 1, numRuns: 30 }).every((a) => isRight(normalizeAddress(a)))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const shipmentAddressArb: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    name: textArb,
    address1: textArb,
    address2: optional(textArb),
    city: textArb,
    cs: countryStateArb,
    zipCode: zipArb,
    phoneNumber: phoneArb,
    phoneExtension: optional(extensionArb),
    contactPerson: textArb,
    email: optional(emailArb),
    openTime: optional(timeArb),
    closeTime: optional(timeArb),
    notes: optional(fc.string({ maxLength: 40 })),
    flags: fc.record(
      Object.fromEntries(FLAG_NAMES.map((f) => [f, optional(fc.boolean())])) as Record<(typeof FLAG_NAMES)[number], fc.Arbitrary<boolean | undefined>>,
    ),
    extra: fc.option(fc.record({ id: fc.uuid(), latitude: fc.double({ min: -90, max: 90, noNaN: true }) }), { nil: undefined }),
  })
  .map(({ cs, flags, extra, ...rest }) => {
    const out: Record<string, unknown> = { ...rest, ...cs.wire, ...extra }
    for (const [k, v] of Object.entries(flags)) out[k] = v
    for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k]
    return out
  })

/** The fields a corruption can hit, each with values that are wrong on their own. */
export const CORRUPTIONS: Readonly<Record<string, ReadonlyArray<unknown>>> = {
  name: ['   ', 42, false],
  address1: ['', '\t', ['Main St']],
  city: [' ', 7],
  contactPerson: ['  ', {}],
  state: ['ZZ', 'N1', 'NEW', 'Illinois', 12],
  zipCode: ['00000', '99999', '1234', '123456', 'abcde', '6060l', 60601],
  country: ['ZZ', 'XK', 'UK', 'FR', 'CA', 'USA', 'U', 1],
  phoneNumber: ['3125550100', '+0123456', '+1234567890123456', '+1 312 555 0100', 'ask-dispatch'],
  phoneExtension: ['x12', '12345678901', '1-2', 12],
  email: ['no-at-sign', 'a@', '@example.com', `${'x'.repeat(310)}@example.com`, 'a b@example.com'],
  openTime: ['24:00', '9:00', '12:60', 'noon', 900],
  closeTime: ['24:00', '7:5', '23:59:00'],
  liftgateRequired: ['true', 1, {}],
  insideRequired: ['no', 0],
  appointmentRequired: [[], 'false'],
}

export const CORRUPTIBLE_FIELDS = Object.keys(CORRUPTIONS)

/**
 * An invalid shipment address: a valid one (see `shipmentAddressArb`) with `count.min` to
 * `count.max` distinct fields given a value wrong on its own (a blank name, ZIP 00000, state ZZ,
 * a phone without `+`, a time 24:00, a flag `'true'` …), and the names of the fields corrupted
 * (`fields`), each of which the validator reports.
 *
 * Targets ADDR-01 … ADDR-12.
 *
 * @example
 * fc.sample(corruptedAddressArb({ min: 1, max: 3 }), { seed: 1, numRuns: 30 }).every(({ input, fields }) => { const r = normalizeAddress(input); return isLeft(r) && fields.every((f) => r.left.some((v) => v.field === f)) })
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const corruptedAddressArb = (count: { min: number; max: number }) =>
  fc
    .tuple(shipmentAddressArb, fc.shuffledSubarray(CORRUPTIBLE_FIELDS, { minLength: count.min, maxLength: count.max }))
    .chain(([valid, fields]) =>
      fc.tuple(...fields.map((f) => fc.constantFrom(...CORRUPTIONS[f]!))).map((values) => {
        const input: Record<string, unknown> = { ...valid }
        fields.forEach((f, i) => {
          input[f] = values[i]
        })
        return { input, fields }
      }),
    )

/** A prefix path under which an address may be validated, with the entity it names. */
export const prefixArb = fc.constantFrom(
  { path: 'pickupAddress', field: 'pickupAddress', entity: 'pickupAddress' },
  { path: 'deliveryAddress', field: 'deliveryAddress', entity: 'deliveryAddress' },
  { path: ['stops', 3, 'address'] as const, field: 'stops[3].address', entity: 'stops' },
)
