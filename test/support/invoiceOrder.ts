// A delivered order to invoice (INV-01 … INV-04), shared by the invoice laws: the dock in Joliet at
// both stops unless a law says otherwise.
import type { InvoiceOrder } from '../../src/rules/invoice.js'

export const DOCK = { name: 'Dock', address1: '1 Main St', city: 'Joliet', state: 'IL', zipCode: '60432', country: 'US', contactPerson: 'Pat', phoneNumber: '+13125550100' }

/** The order ord_1 (A1B2C), shipped 2026-11-18 and delivered 2026-11-20, with `over` on top. */
export const deliveredOrder = (over: Record<string, unknown> = {}): InvoiceOrder =>
  ({
    id: 'ord_1',
    orderNumber: 'A1B2C',
    status: 'DELIVERED',
    shipDate: '2026-11-18T14:00:00Z',
    deliveryDate: '2026-11-20T16:30:00Z',
    pickupAddress: DOCK,
    deliveryAddress: DOCK,
    components: [],
    ...over,
  }) as unknown as InvoiceOrder
