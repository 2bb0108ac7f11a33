// Calls the generated types must refuse: each line marked `// expect TSnnnn` must get that
// diagnostic and no other line any. test/contract/typed-client.test.ts compiles it with the same
// options as usage.ts; a marker that gets no diagnostic means the types have grown too wide
// (a string where an enum or a Blob belongs). Kept out of tsconfig.test.json like usage.ts.
import type { Client } from 'openapi-fetch'
import type { components, paths } from './generated/shipper-v1.js'

export const refused = async (client: Client<paths>, file: Blob): Promise<string> => {
  const missing = await client.GET('/v1/shipper/quote/{quoteId}', { params: { path: { quoteId: '00000000-0000-4000-8000-000000000000' } } })
  if (missing.error !== undefined) {
    switch (missing.error.reason) {
      case 'quote_not_found':
        return 'known'
      case 'no_such_reason': // expect TS2678
        return 'unknown'
    }
  }
  const path = { orderNumber: 'AB123', stop: 'DELIVERY', documentType: 'PACKING_SLIP' } as const
  await client.POST('/v1/shipper/shipment/{orderNumber}/appointment/{stop}/document/{documentType}', { params: { path }, body: { file: 'not a file' } }) // expect TS2322
  await client.POST('/v1/shipper/quote', { body: { pickupAddress: { zipCode: file }, deliveryAddress: { zipCode: '75201' }, orderComponents: [] } }) // expect TS2322
  await client.GET('/v1/shipper/shipment/{orderNumber}/appointment/{stop}', { params: { path: { orderNumber: 'AB123', stop: 'MIDDLE' } } }) // expect TS2322
  await client.GET('/v1/shipper/shipments', {}) // expect TS2345
  return 'none'
}

/** A contact with a typo, or with neither email nor phone, is refused (the email-or-phone types, issue 35 item 3). */
export const typos = (): number => {
  const typo: components['schemas']['AppointmentContact'] = { nmae: 42 } // expect TS2353
  const neither: components['schemas']['AppointmentContact'] = { name: 'Dock desk' } // expect TS2322
  const dispatch: components['schemas']['ShipperDispatch'] = { name: 'Dispatch', emial: 'ops@example.com' } // expect TS2561
  return [typo, neither, dispatch].length
}
