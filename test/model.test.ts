/**
 * Example tests of the wire model (spec: Resources and their fields; ProblemDetail): for each
 * codec, a realistic value decodes and a few wrong values fail at the field that is wrong.
 */
import fc from 'fast-check'
import { isLeft, isRight } from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { DateTime } from 'luxon'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { ProblemDetail, ReadProblemDetail } from '../src/errors/problem.js'
import type { ReasonCode } from '../src/errors/catalogue.js'
import { problemFor, validationProblem } from '../src/errors/problem.js'
import { violationAt } from '../src/errors/violation.js'
import {
  APPOINTMENT_REQUIREMENT_FIELDS,
  AppointmentContact,
  AppointmentDocumentResponse,
  AppointmentRequirementRequest,
  AppointmentRequirementResponse,
  AppointmentsBlock,
  AppointmentStop,
  ContactPhone,
  CreateShipmentRequest,
  DateTimeString,
  Dimensions,
  DocumentResponse,
  GpsData,
  Heading,
  Int,
  InvoiceResponse,
  Latitude,
  NonNegativeNumber,
  ORDER_STATUSES,
  OrderComponent,
  OrderStatus,
  PalletDimensions,
  PositiveInt,
  ProblemDetailCodec,
  QuoteByReferenceResponse,
  QuoteRequest,
  QuoteResponse,
  Shipment,
  ShipmentDocumentType,
  ShipmentLocation,
  ShipperDispatch,
  Tracking,
  ViolationCodec,
} from '../src/model/index.js'

/** Whether a codec's children are its members (keyed by index), not fields of the value. */
const addsMemberIndex = (codec: t.Decoder<unknown, unknown>): boolean =>
  codec instanceof t.UnionType ||
  codec instanceof t.IntersectionType ||
  ((codec instanceof t.ExactType || codec instanceof t.RefinementType) && addsMemberIndex(codec.type))

/**
 * The field paths at which a decode failed, one per error, with the member indices io-ts adds
 * for unions and intersections left out: `orderComponents.0.palletCount`, `heading`.
 */
const failedPaths = (result: t.Validation<unknown>): ReadonlyArray<string> =>
  isLeft(result)
    ? [
        ...new Set(
          result.left.map((error) =>
            error.context
              .filter((_entry, i) => {
                const parent = error.context[i - 1]
                return parent !== undefined && !addsMemberIndex(parent.type)
              })
              .map((entry) => entry.key)
              .join('.'),
          ),
        ),
      ]
    : []

const expectValid = (codec: t.Mixed, value: unknown): void => {
  const result = codec.decode(value)
  expect(failedPaths(result)).toEqual([])
  expect(isRight(result)).toBe(true)
}

const expectInvalidAt = (codec: t.Mixed, value: unknown, path: string): void => {
  expect(failedPaths(codec.decode(value))).toEqual([path])
}

// Realistic values, built once and varied per case with spreads.
const pickup = {
  name: 'Acme Warehouse',
  address1: '1200 W Fulton St',
  city: 'Chicago',
  state: 'IL',
  zipCode: '60607',
  phoneNumber: '+13125550100',
  contactPerson: 'Dana Ortiz',
  openTime: '08:00',
  closeTime: '17:00',
  liftgateRequired: false,
  appointmentRequired: true,
}
const delivery = {
  name: 'Bayside Foods',
  address1: '55 Harbor Way',
  address2: 'Dock 4',
  city: 'Oakland',
  state: 'CA',
  zipCode: '94607',
  country: 'US',
  phoneNumber: '+15105550199',
  contactPerson: 'Lee Chan',
}
const component = {
  palletCount: 2,
  poundsWeight: 850,
  dimensions: { length: 48, width: 40, height: 60 },
  description: 'Canned goods',
  nmfcCode: '123450',
  freightClass: '77.5',
  packagingType: 'pallets',
  pieceCount: 0,
}
const requirement = {
  channel: 'PORTAL',
  portalUrl: 'https://dock.example.com/book',
  contacts: [{ name: 'Receiving desk', email: 'dock@example.com', phone: '+13125550111', role: 'scheduler' }],
  instructions: 'Book 24 hours ahead.',
  referenceNumbers: ['PO-7781'],
  leadTimeHours: 24,
}
const createRequest = {
  pickupAddress: pickup,
  deliveryAddress: delivery,
  orderComponents: [component],
  description: 'Two pallets of canned goods',
  quoteId: '6f1c2a4e-8b7d-4c3a-9e21-0d5f7a9b3c11',
  poNumber: 'PO-7781',
  refNumber: 'BOL-4410',
  instructions: 'Call on arrival.',
  referenceNumbers: ['REF-1', 'REF-2'],
  requiredPickupDate: '2026-03-02T09:00:00-06:00',
  requiredDeliveryBy: '2026-03-06T17:00:00-08:00',
  appointments: { pickup: requirement },
  shipperDispatch: { name: 'Dispatch desk', phone: '+13125550122', scac: 'ACME' },
}
const gps = {
  vehicleId: 'TRK-118',
  timestamp: '2026-03-03T14:05:00Z',
  latitude: 41.8781,
  longitude: -87.6298,
  heading: 270,
  speed: 88,
}
const location = {
  center: gps,
  uncertaintyRadiusKm: 12.5,
  lastEventTimestamp: '2026-03-03T14:05:00Z',
  isSignificantlyDelayed: false,
  delayMessage: '',
  statusDescription: 'In transit near Chicago, IL; arriving Friday.',
}

describe('numbers (ID-02, FRT-01)', () => {
  it('Int accepts safe integers and rejects fractions, unsafe integers and non-numbers', () => {
    expect(Int.is(-3)).toBe(true)
    expect(Int.is(1.5)).toBe(false)
    expect(Int.is(2 ** 53)).toBe(false)
    expect(Int.is('3')).toBe(false)
  })
  it('PositiveInt rejects 0; NonNegativeNumber rejects Infinity and NaN', () => {
    expect(PositiveInt.is(1)).toBe(true)
    expect(PositiveInt.is(0)).toBe(false)
    expect(NonNegativeNumber.is(0.25)).toBe(true)
    expect(NonNegativeNumber.is(Number.POSITIVE_INFINITY)).toBe(false)
    expect(NonNegativeNumber.is(Number.NaN)).toBe(false)
  })
})

describe('DateTimeString (ID-03)', () => {
  it('accepts date-times with Z or an offset', () => {
    for (const s of ['2026-03-02T09:00Z', '2026-03-02T09:00:00.123456789+05:30', '2026-03-02T09:00:00-0600']) {
      expect(DateTimeString.is(s)).toBe(true)
    }
  })
  it('rejects a date-time without zone, a date alone, an impossible date, hour 24 and a number', () => {
    for (const u of ['2026-03-02T09:00:00', '2026-03-02', '2026-02-30T09:00:00Z', '2026-03-02T24:00Z', 1767225600000]) {
      expect(isLeft(DateTimeString.decode(u))).toBe(true)
    }
  })
  it('every date-time luxon writes with an offset decodes, unchanged', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.integer({ min: -12 * 60, max: 14 * 60 }),
        (date, offsetMinutes) => {
          const iso = DateTime.fromJSDate(date).setZone(`UTC${offsetMinutes < 0 ? '-' : '+'}${Math.floor(Math.abs(offsetMinutes) / 60)}:${String(Math.abs(offsetMinutes) % 60).padStart(2, '0')}`).toISO()
          expect(iso).not.toBeNull()
          expect(DateTimeString.decode(iso)).toEqual({ _tag: 'Right', right: iso })
        },
      ),
    )
  })
})

describe('freight (FRT-01 to FRT-08)', () => {
  it('a realistic component decodes', () => {
    expectValid(OrderComponent, component)
    expectValid(OrderComponent, { palletCount: 1, poundsWeight: 1, palletDimensions: [60, 40, 48] })
  })
  it('rejects a missing palletCount, an unknown class and a negative pieceCount at their fields', () => {
    const { palletCount: _omitted, ...withoutCount } = component
    expectInvalidAt(OrderComponent, withoutCount, 'palletCount')
    expectInvalidAt(OrderComponent, { ...component, freightClass: '80' }, 'freightClass')
    expectInvalidAt(OrderComponent, { ...component, pieceCount: -1 }, 'pieceCount')
  })
  it('Dimensions: each side optional, a whole number of at least 0 when present (the configured minimum is a 422 limit)', () => {
    expectValid(Dimensions, { length: 48 })
    expectValid(Dimensions, { length: 48, width: 0 })
    expectInvalidAt(Dimensions, { length: 48, width: -1 }, 'width')
    expectInvalidAt(Dimensions, { length: 48, width: null }, 'width')
    expectInvalidAt(Dimensions, { height: 60.5 }, 'height')
  })
  it('PalletDimensions: exactly three whole numbers of at least 0', () => {
    expectValid(PalletDimensions, [60, 40, 48])
    expect(isLeft(PalletDimensions.decode([60, 40]))).toBe(true)
    expect(isLeft(PalletDimensions.decode([60, 40, 48, 1]))).toBe(true)
    expectInvalidAt(PalletDimensions, [60, -1, 48], '1')
  })
})

describe('appointments (APT-01 to APT-06, APT-14, DOC-04, DOC-05)', () => {
  it('a realistic requirement and contact decode', () => {
    expectValid(AppointmentRequirementRequest, requirement)
    expectValid(AppointmentRequirementRequest, { channel: 'PHONE' })
    expectValid(AppointmentContact, { name: 'Receiving desk', phone: '+4930123456' })
  })
  it('rejects an unknown channel, a negative lead time and contacts that are not a list', () => {
    expectInvalidAt(AppointmentRequirementRequest, { ...requirement, channel: 'FAX' }, 'channel')
    expectInvalidAt(AppointmentRequirementRequest, { ...requirement, leadTimeHours: -1 }, 'leadTimeHours')
    expectInvalidAt(AppointmentRequirementRequest, { ...requirement, contacts: requirement.contacts[0] }, 'contacts')
  })
  it('ContactPhone needs + then 8 to 15 digits; a contact needs a name', () => {
    expect(ContactPhone.is('+13125550111')).toBe(true)
    expect(ContactPhone.is('+1312555')).toBe(false)
    expect(ContactPhone.is('3125550111')).toBe(false)
    expectInvalidAt(AppointmentContact, { email: 'dock@example.com' }, 'name')
    expectInvalidAt(AppointmentContact, { name: 'Desk', phone: '+1312555' }, 'phone')
  })
  it('AppointmentsBlock holds a requirement per stop', () => {
    expectValid(AppointmentsBlock, { pickup: requirement, delivery: { channel: 'EMAIL' } })
    expectInvalidAt(AppointmentsBlock, { delivery: { portalUrl: 'https://x.example' } }, 'delivery.channel')
  })
  const merged = {
    channel: 'PORTAL',
    portalUrl: 'https://dock.example.com/book',
    contacts: null,
    instructions: 'Use door 3.',
    referenceNumbers: null,
    leadTimeHours: 48,
    appointmentRequired: true,
    _merged: {
      fields: {
        channel: 'PLACE_AND_ORDER',
        portalUrl: 'ORDER',
        contacts: 'NONE',
        instructions: 'PLACE',
        referenceNumbers: 'NONE',
        leadTimeHours: 'ADDRESS_FALLBACK',
      },
    },
  }
  it('a merged response decodes with either placement of appointmentRequired (APT-15)', () => {
    expectValid(AppointmentRequirementResponse, merged)
    const { appointmentRequired: _top, ...withoutTop } = merged
    expectValid(AppointmentRequirementResponse, { ...withoutTop, _merged: { ...merged._merged, appointmentRequired: true } })
  })
  it('rejects a missing _merged, an unknown provenance and an absent (not null) field', () => {
    const { _merged: _m, ...withoutMerged } = merged
    expectInvalidAt(AppointmentRequirementResponse, withoutMerged, '_merged')
    expectInvalidAt(
      AppointmentRequirementResponse,
      { ...merged, _merged: { fields: { ...merged._merged.fields, contacts: 'BOTH' } } },
      '_merged.fields.contacts',
    )
    const { contacts: _c, ...withoutContacts } = merged
    expectInvalidAt(AppointmentRequirementResponse, withoutContacts, 'contacts')
  })
  it('the provenance map names the six requirement fields', () => {
    expect(APPOINTMENT_REQUIREMENT_FIELDS).toEqual(Object.keys(requirement))
  })
  it('an appointment document is always a PDF', () => {
    const doc = {
      id: 'doc_1',
      stop: 'PICKUP',
      type: 'PACKING_SLIP',
      filename: 'slip.pdf',
      sizeBytes: 48213,
      contentType: 'application/pdf',
      uploadedAt: '2026-03-01T12:00:00Z',
      uploadedBy: 'user_9',
    }
    expectValid(AppointmentDocumentResponse, doc)
    expectInvalidAt(AppointmentDocumentResponse, { ...doc, contentType: 'image/png' }, 'contentType')
    expectInvalidAt(AppointmentDocumentResponse, { ...doc, stop: 'pickup' }, 'stop')
    expectInvalidAt(AppointmentDocumentResponse, { ...doc, sizeBytes: -1 }, 'sizeBytes')
    expect(AppointmentStop.is('DELIVERY')).toBe(true)
  })
})

describe('ShipperDispatch (CRT-08)', () => {
  it('a realistic dispatch contact decodes', () => {
    expectValid(ShipperDispatch, { name: 'Dispatch desk', email: 'dispatch@example.com', scac: 'AB' })
  })
  it('rejects a lower-case or five-letter scac and a non-E.164 phone', () => {
    expectInvalidAt(ShipperDispatch, { name: 'D', scac: 'acme' }, 'scac')
    expectInvalidAt(ShipperDispatch, { name: 'D', scac: 'ACMEX' }, 'scac')
    expectInvalidAt(ShipperDispatch, { name: 'D', phone: '312-555-0100' }, 'phone')
  })
})

describe('Shipment and CreateShipmentRequest (ORD-01, CRT-01 to CRT-09, DOC-01)', () => {
  const shipment = {
    id: 'ord_41',
    companyId: 'co_7',
    userId: 'user_9',
    orderNumber: 'A1B2C',
    orderStatus: 'INITIALIZED',
    totalPriceInCents: 48250,
    createdAt: '2026-03-01T12:00:00Z',
    updatedAt: '2026-03-01T12:00:00.5Z',
  }
  it('a shipment decodes, in every one of the nine states', () => {
    for (const orderStatus of ORDER_STATUSES) expectValid(Shipment, { ...shipment, orderStatus })
    expect(ORDER_STATUSES).toHaveLength(9)
  })
  it('rejects fractional cents, an unknown state, a short order number and a zone-less timestamp', () => {
    expectInvalidAt(Shipment, { ...shipment, totalPriceInCents: 1.5 }, 'totalPriceInCents')
    expectInvalidAt(Shipment, { ...shipment, orderStatus: 'SHIPPED' }, 'orderStatus')
    expectInvalidAt(Shipment, { ...shipment, orderNumber: 'A1B2' }, 'orderNumber')
    expectInvalidAt(Shipment, { ...shipment, createdAt: '2026-03-01T12:00:00' }, 'createdAt')
  })
  it('a realistic create request decodes', () => {
    expectValid(CreateShipmentRequest, createRequest)
  })
  it('decoding drops companyId and unknown top-level keys (CRT-09)', () => {
    const result = CreateShipmentRequest.decode({ ...createRequest, companyId: 'co_other', priority: 'high' })
    expect(isRight(result)).toBe(true)
    if (isRight(result)) {
      expect(result.right).not.toHaveProperty('companyId')
      expect(result.right).not.toHaveProperty('priority')
      expect(result.right).toEqual(createRequest)
    }
  })
  it('rejects empty orderComponents, a missing description and a component error at its index', () => {
    expectInvalidAt(CreateShipmentRequest, { ...createRequest, orderComponents: [] }, 'orderComponents')
    const { description: _d, ...withoutDescription } = createRequest
    expectInvalidAt(CreateShipmentRequest, withoutDescription, 'description')
    expectInvalidAt(
      CreateShipmentRequest,
      { ...createRequest, orderComponents: [component, { ...component, poundsWeight: 0 }] },
      'orderComponents.1.poundsWeight',
    )
  })
  it('rejects a pickup address without contact fields and a pickup date without zone', () => {
    const { contactPerson: _p, ...noContact } = pickup
    expectInvalidAt(CreateShipmentRequest, { ...createRequest, pickupAddress: noContact }, 'pickupAddress.contactPerson')
    expectInvalidAt(CreateShipmentRequest, { ...createRequest, requiredPickupDate: '2026-03-02' }, 'requiredPickupDate')
  })
  it('document types and download links', () => {
    expect(ShipmentDocumentType.is('POD')).toBe(true)
    expect(ShipmentDocumentType.is('PACKING_SLIP')).toBe(false)
    expectValid(DocumentResponse, { filename: 'bol.pdf', fileType: 'application/pdf', downloadLink: 'https://files.example/x?sig=1' })
    expectInvalidAt(DocumentResponse, { filename: 'bol.pdf', fileType: 'application/pdf' }, 'downloadLink')
  })
})

describe('quotes (QTE-01 to QTE-06, ADDR-13)', () => {
  it('a quote request needs only zip codes on the addresses', () => {
    expectValid(QuoteRequest, {
      pickupAddress: { zipCode: '60607' },
      deliveryAddress: { zipCode: '94607' },
      orderComponents: [{ palletCount: 1, poundsWeight: 500 }],
      requiredPickupDate: '2026-03-02T09:00:00-06:00',
      shipmentMode: 'ltl',
    })
  })
  it('rejects an upper-case mode and a missing zip code; drops unknown keys', () => {
    const base = { pickupAddress: { zipCode: '60607' }, deliveryAddress: { zipCode: '94607' }, orderComponents: [component] }
    expectInvalidAt(QuoteRequest, { ...base, shipmentMode: 'LTL' }, 'shipmentMode')
    expectInvalidAt(QuoteRequest, { ...base, deliveryAddress: { city: 'Oakland' } }, 'deliveryAddress.zipCode')
    const result = QuoteRequest.decode({ ...base, companyId: 'co_7' })
    expect(isRight(result) && !('companyId' in result.right)).toBe(true)
  })
  const quote = {
    id: 'q_8f2c',
    quotedPriceInCents: 48250,
    quoteExpirationTime: '2026-03-03T12:00:00Z',
    transitDays: 3,
    estimatedDeliveryDate: '2026-03-06T00:00:00Z',
  }
  it('a quote response decodes, with or without an ETA', () => {
    expectValid(QuoteResponse, quote)
    expectValid(QuoteResponse, { ...quote, transitDays: null, estimatedDeliveryDate: null })
  })
  it('rejects fractional cents, negative transit days and an absent ETA field', () => {
    expectInvalidAt(QuoteResponse, { ...quote, quotedPriceInCents: 1.5 }, 'quotedPriceInCents')
    expectInvalidAt(QuoteResponse, { ...quote, transitDays: -1 }, 'transitDays')
    const { estimatedDeliveryDate: _e, ...withoutEta } = quote
    expectInvalidAt(QuoteResponse, withoutEta, 'estimatedDeliveryDate')
  })
  it('a by-reference response decodes; matchable must be a boolean', () => {
    const byRef = { quoteId: 'q_8f2c', customerReference: 'LOAD-991', matchable: true, extra: 1 }
    expectValid(QuoteByReferenceResponse, byRef)
    expectInvalidAt(QuoteByReferenceResponse, { ...byRef, matchable: 'yes' }, 'matchable')
  })
})

describe('tracking (TRK-02 to TRK-06, ORD-08)', () => {
  it('a realistic position decodes', () => {
    expectValid(GpsData, gps)
  })
  it('rejects heading 360, latitude 91, longitude -180.5, a fractional heading and negative speed', () => {
    expectInvalidAt(GpsData, { ...gps, heading: 360 }, 'heading')
    expectInvalidAt(GpsData, { ...gps, latitude: 91 }, 'latitude')
    expectInvalidAt(GpsData, { ...gps, longitude: -180.5 }, 'longitude')
    expectInvalidAt(GpsData, { ...gps, heading: 12.5 }, 'heading')
    expectInvalidAt(GpsData, { ...gps, speed: -1 }, 'speed')
  })
  it('a heading is exactly an integer from 0 to 359', () => {
    fc.assert(fc.property(fc.integer({ min: -1000, max: 1000 }), (n) => Heading.is(n) === (n >= 0 && n < 360)))
    fc.assert(fc.property(fc.double({ noNaN: true }), (x) => !Heading.is(x) || Number.isInteger(x)))
    expect(Latitude.is(-90) && Latitude.is(90) && !Latitude.is(Number.NaN)).toBe(true)
  })
  it('a location decodes with or without statusDescription; a negative radius fails', () => {
    expectValid(ShipmentLocation, location)
    const { statusDescription: _s, ...withoutDescription } = location
    expectValid(ShipmentLocation, withoutDescription)
    expectInvalidAt(ShipmentLocation, { ...location, uncertaintyRadiusKm: -0.1 }, 'uncertaintyRadiusKm')
    expectInvalidAt(ShipmentLocation, { ...location, center: { ...gps, latitude: 91 } }, 'center.latitude')
  })
  const tracking = {
    id: 'ord_41',
    orderNumber: 'A1B2C',
    orderStatus: 'IN_TRANSIT',
    actualPickupDate: '2026-03-02T15:10:00Z',
    estimatedDeliveryDate: null,
    location,
  }
  it('tracking decodes, also with a null orderStatus', () => {
    expectValid(Tracking, tracking)
    expectValid(Tracking, { id: 'ord_41', orderNumber: 'A1B2C', orderStatus: null })
  })
  it('rejects an unknown state, a missing orderStatus and a null actualPickupDate', () => {
    expectInvalidAt(Tracking, { ...tracking, orderStatus: 'LOST' }, 'orderStatus')
    const { orderStatus: _o, ...withoutStatus } = tracking
    expectInvalidAt(Tracking, withoutStatus, 'orderStatus')
    expectInvalidAt(Tracking, { ...tracking, actualPickupDate: null }, 'actualPickupDate')
  })
})

describe('InvoiceResponse (INV-01 to INV-04)', () => {
  const invoice = {
    orderId: 'ord_41',
    orderNumber: 'A1B2C',
    invoiceDate: '2026-03-07T09:00:00Z',
    shipDate: '2026-03-02T15:10:00Z',
    deliveryDate: '2026-03-06T18:40:00Z',
    refNumber: 'BOL-4410',
    lineItems: [
      { description: 'Canned goods', freightClass: '77.5', nmfcCode: null, weight: 1700, quantity: 2, packageType: 'pallets' },
    ],
    charges: [
      { chargeType: 'BASE_FREIGHT', description: 'Linehaul', amountInCents: 45000 },
      { chargeType: 'FUEL', description: 'Fuel surcharge', amountInCents: 3250 },
    ],
    totalChargesInCents: 48250,
    totalWeight: 1700,
    totalPieces: 2,
    shipper: pickup,
    consignee: delivery,
    billTo: pickup,
  }
  it('a realistic invoice decodes', () => {
    expectValid(InvoiceResponse, invoice)
  })
  it('rejects fractional charge cents, an unknown class on a line and a missing billTo', () => {
    expectInvalidAt(
      InvoiceResponse,
      { ...invoice, charges: [{ chargeType: 'FUEL', description: 'Fuel', amountInCents: 1.5 }] },
      'charges.0.amountInCents',
    )
    expectInvalidAt(InvoiceResponse, { ...invoice, lineItems: [{ ...invoice.lineItems[0], freightClass: 'A' }] }, 'lineItems.0.freightClass')
    const { billTo: _b, ...withoutBillTo } = invoice
    expectInvalidAt(InvoiceResponse, withoutBillTo, 'billTo')
  })
})

describe('ProblemDetail (ERR-01)', () => {
  it("the library's own problems decode, with and without violations", () => {
    expectValid(ProblemDetailCodec, problemFor('file_too_large', 'The upload limit is 10485760 bytes.'))
    const problem = validationProblem([violationAt(['pickupAddress', 'zipCode'], 'pickupAddress', 'pattern', 'must be 5 digits')])
    expectValid(ProblemDetailCodec, problem)
    expect(ProblemDetailCodec.encode(problem)).toEqual(problem)
  })
  it('decodes a violation code this version does not know; refuses a reason outside the catalogue (readProblemDetail keeps it)', () => {
    const newer = {
      type: 'about:blank', title: 'Later', status: 422, detail: '', reason: 'pallet_invalid', instance: 'urn:request-id:abc',
      violations: [{ field: 'zipCode', entity: null, reason: 'is later', code: 'a_newer_code' }],
    }
    expectValid(ProblemDetailCodec, newer)
    expectInvalidAt(ProblemDetailCodec, { ...newer, reason: 'a_newer_reason' }, 'reason')
    expectInvalidAt(ProblemDetailCodec, { ...newer, instance: 7 }, 'instance')
  })
  it('rejects an empty violations list, a non-error status and a violation without code', () => {
    const base = { type: 'about:blank', title: 'Bad request', status: 400, detail: '', reason: 'bad_request' }
    expectInvalidAt(ProblemDetailCodec, { ...base, violations: [] }, 'violations')
    expectInvalidAt(ProblemDetailCodec, { ...base, status: 200 }, 'status')
    expectInvalidAt(ProblemDetailCodec, { ...base, status: 400.5 }, 'status')
    expectInvalidAt(ViolationCodec, { field: 'zipCode', entity: null, reason: 'is required' }, 'code')
  })
  it('the codec type is a ReadProblemDetail with a catalogued reason, and every ProblemDetail is one', () => {
    expectTypeOf<ProblemDetailCodec>().toExtend<ReadProblemDetail>()
    expectTypeOf<ReadProblemDetail>().not.toExtend<ProblemDetailCodec>()
    expectTypeOf<ProblemDetail>().toExtend<ProblemDetailCodec>()
    // a violation code stays open, so the codec's type is wider than the one problemFor builds
    expectTypeOf<ProblemDetailCodec>().not.toExtend<ProblemDetail>()
    expectTypeOf<ProblemDetailCodec['reason']>().toEqualTypeOf<ReasonCode>()
    expectTypeOf<string>().not.toExtend<ProblemDetailCodec['reason']>()
    expect(OrderStatus.is('DELIVERED')).toBe(true)
  })
})
