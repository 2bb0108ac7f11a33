// Address validation speed: shipper-rules' normalizeAddress against the popular schema validators
// doing the same job (ajv with a compiled JSON Schema, zod 4) and against io-ts decoding with the
// library's own codec. The schema validators are given the same rules (required fields, patterns,
// the 56 request states, the served countries) and asked for every error (ajv allErrors); they
// still do less: no trimming, no case folding, no defaults, no canonical territory form.
//
//   npm run bench            (builds first; prints ns per call, lower is better)
import Ajv from 'ajv'
import * as z from 'zod'
import { normalizeAddress, ShipmentAddress, US_STATES_AND_DC, US_TERRITORIES } from '../dist/esm/index.js'

const valid = {
  name: 'Lakeside Distribution Center',
  address1: '2400 S Wolf Rd',
  address2: 'Dock 14',
  city: 'Des Plaines',
  state: 'IL',
  zipCode: '60018',
  country: 'US',
  phoneNumber: '+18475550142',
  phoneExtension: '204',
  contactPerson: 'Dana Whitfield',
  email: 'receiving@lakeside-dc.example.com',
  openTime: '08:00',
  closeTime: '17:30',
  liftgateRequired: false,
  appointmentRequired: true,
}
const invalid = { ...valid, address1: ' ', zipCode: '6001', phoneNumber: '847-555-0142', email: 'nope', state: 'ZZ', closeTime: '24:00' }

const STATES = [...US_STATES_AND_DC, ...US_TERRITORIES]
const COUNTRIES = ['US', ...US_TERRITORIES]
const str = { type: 'string', minLength: 1, pattern: '\\S' }
const schema = {
  type: 'object',
  required: ['name', 'address1', 'city', 'state', 'zipCode', 'phoneNumber', 'contactPerson'],
  properties: {
    name: str, address1: str, address2: { type: 'string' }, city: str, contactPerson: str, notes: { type: 'string' },
    state: { enum: STATES },
    zipCode: { type: 'string', pattern: '^\\d{5}$', not: { enum: ['00000', '99999'] } },
    country: { enum: COUNTRIES },
    phoneNumber: { type: 'string', pattern: '^\\+[1-9]\\d{1,14}$' },
    phoneExtension: { type: 'string', pattern: '^\\d{1,10}$' },
    email: { type: 'string', maxLength: 320, pattern: '^[^\\s@]+@[^\\s@]+$' },
    openTime: { type: 'string', pattern: '^(?:[01]\\d|2[0-3]):[0-5]\\d$' },
    closeTime: { type: 'string', pattern: '^(?:[01]\\d|2[0-3]):[0-5]\\d$' },
    liftgateRequired: { type: 'boolean' }, limitedAccess: { type: 'boolean' }, appointmentRequired: { type: 'boolean' },
    callAheadRequired: { type: 'boolean' }, lumperRequired: { type: 'boolean' }, insideRequired: { type: 'boolean' },
  },
}
const ajvValidate = new Ajv({ allErrors: true }).compile(schema)

const text = z.string().trim().min(1)
const time = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/)
const zodSchema = z.object({
  name: text, address1: text, address2: z.string().optional(), city: text, contactPerson: text, notes: z.string().optional(),
  state: z.enum(STATES),
  zipCode: z.string().regex(/^\d{5}$/).refine((s) => s !== '00000' && s !== '99999'),
  country: z.enum(COUNTRIES).default('US'),
  phoneNumber: z.string().regex(/^\+[1-9]\d{1,14}$/),
  phoneExtension: z.string().regex(/^\d{1,10}$/).optional(),
  email: z.string().max(320).email().optional(),
  openTime: time.default('10:00'), closeTime: time.default('16:00'),
  liftgateRequired: z.boolean().optional(), limitedAccess: z.boolean().optional(), appointmentRequired: z.boolean().optional(),
  callAheadRequired: z.boolean().optional(), lumperRequired: z.boolean().optional(), insideRequired: z.boolean().optional(),
})

const candidates = {
  'shipper-rules normalizeAddress': (x) => normalizeAddress(x),
  'ajv 8 (compiled, allErrors)': (x) => ajvValidate(x),
  'zod 4 safeParse': (x) => zodSchema.safeParse(x),
  'io-ts ShipmentAddress.decode': (x) => ShipmentAddress.decode(x),
}

const measure = (fn, input) => {
  for (let i = 0; i < 20_000; i++) fn(input)
  let n = 0
  const start = process.hrtime.bigint()
  let elapsed = 0n
  while (elapsed < 400_000_000n) {
    for (let i = 0; i < 5_000; i++) fn(input)
    n += 5_000
    elapsed = process.hrtime.bigint() - start
  }
  return Number(elapsed) / n
}

console.log(`node ${process.version}; ns per call (lower is better)\n`)
console.log(`${'validator'.padEnd(34)} ${'valid'.padStart(8)} ${'invalid'.padStart(8)}`)
for (const [name, fn] of Object.entries(candidates)) {
  const a = measure(fn, valid)
  const b = measure(fn, invalid)
  console.log(`${name.padEnd(34)} ${a.toFixed(0).padStart(8)} ${b.toFixed(0).padStart(8)}`)
}
