// What the stateless checks share: describing an answer and the ProblemDetail the library predicts,
// and naming the rule a field belongs to (the fixtures, makeResources among them, are ../support.ts's).
import type { RuleId } from '../../check.js'
import type { Received } from '../../http.js'

/** The answer's ProblemDetail fields, read leniently (the strict shape is problem.ts's business). */
const problemOf = (r: Received): { reason: unknown; fields: string[] } => {
  const j = (typeof r.json === 'object' && r.json !== null ? r.json : {}) as Record<string, unknown>
  const violations = Array.isArray(j['violations']) ? (j['violations'] as unknown[]) : []
  const fields = violations.map((v) => (typeof v === 'object' && v !== null ? String((v as Record<string, unknown>)['field']) : String(v)))
  return { reason: j['reason'], fields }
}

/** A ProblemDetail as the library predicts it: status, reason, the violations' fields. */
export interface Predicted {
  readonly status: number
  readonly reason: string
  readonly violations?: ReadonlyArray<{ readonly field: string }>
}

export const describeReceived = (r: Received): string => {
  const p = problemOf(r)
  if (r.status < 400) return `${r.status} ${r.text.length > 300 ? r.text.slice(0, 300) + '…' : r.text}`
  return `${r.status} reason ${JSON.stringify(p.reason)}${p.fields.length > 0 ? `, violations at [${[...new Set(p.fields)].sort().join(', ')}]` : ''}`
}

export const describePredicted = (p: Predicted): string =>
  `${p.status} reason "${p.reason}"${p.violations !== undefined && p.violations.length > 0 ? `, violations at [${[...new Set(p.violations.map((v) => v.field))].sort().join(', ')}]` : ''}`

const ADDRESS_RULES: Readonly<Record<string, RuleId>> = {
  name: 'ADDR-01', address1: 'ADDR-01', address2: 'ADDR-01', city: 'ADDR-01', contactPerson: 'ADDR-01',
  state: 'ADDR-02', zipCode: 'ADDR-04', country: 'ADDR-06', phoneNumber: 'ADDR-08', phoneExtension: 'ADDR-09', email: 'ADDR-10',
  openTime: 'ADDR-11', closeTime: 'ADDR-11',
  liftgateRequired: 'ADDR-12', limitedAccess: 'ADDR-12', appointmentRequired: 'ADDR-12', callAheadRequired: 'ADDR-12', lumperRequired: 'ADDR-12', insideRequired: 'ADDR-12',
}
const COMPONENT_RULES: Readonly<Record<string, RuleId>> = {
  palletCount: 'FRT-01', poundsWeight: 'FRT-02', dimensions: 'FRT-03', palletDimensions: 'FRT-04', freightClass: 'FRT-06',
  description: 'FRT-08', nmfcCode: 'FRT-08', packagingType: 'FRT-08', pieceCount: 'FRT-08',
}
export const APPOINTMENT_RULES: Readonly<Record<string, RuleId>> = {
  channel: 'APT-01', portalUrl: 'APT-02', contacts: 'APT-03', instructions: 'APT-04', referenceNumbers: 'APT-05', leadTimeHours: 'APT-06',
}
const CREATE_RULES: Readonly<Record<string, RuleId>> = {
  pickupAddress: 'CRT-01', deliveryAddress: 'CRT-01', orderComponents: 'CRT-01', description: 'CRT-02', instructions: 'CRT-03',
  referenceNumbers: 'CRT-04', quoteId: 'CRT-05', requiredPickupDate: 'CRT-06', requiredDeliveryBy: 'CRT-06', appointments: 'CRT-07',
  shipperDispatch: 'CRT-08', companyId: 'CRT-09',
}

export type RequestKind = 'quote' | 'create' | 'appointment'

/** The rule a corrupted field belongs to (the request's own rule for a valid body). */
export const ruleForPath = (kind: RequestKind, path: ReadonlyArray<string | number> | null, outOfRange: boolean): RuleId => {
  const top = kind === 'quote' ? 'QTE-01' : kind === 'create' ? 'CRT-01' : 'APT-16'
  if (path === null || path.length === 0) return top
  const [head, second, third] = path
  if (kind === 'appointment') return APPOINTMENT_RULES[String(head)] ?? 'APT-01'
  if (head === 'pickupAddress' || head === 'deliveryAddress') {
    if (second === undefined) return top
    if (kind === 'quote') return second === 'zipCode' ? 'ADDR-04' : second === 'state' ? 'ADDR-02' : second === 'country' ? 'ADDR-06' : 'ADDR-13'
    return ADDRESS_RULES[String(second)] ?? 'ADDR-01'
  }
  if (head === 'orderComponents') {
    if (third === undefined) return top
    const r = COMPONENT_RULES[String(third)] ?? 'FRT-08'
    // a dimension beyond its limits, in either form, is FRT-09's (422 pallet_invalid)
    return (r === 'FRT-03' || r === 'FRT-04') && outOfRange ? 'FRT-09' : r
  }
  if (kind === 'quote') return 'QTE-01'
  return CREATE_RULES[String(head)] ?? 'CRT-01'
}
