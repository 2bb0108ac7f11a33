// Saved addresses in the sandbox's document.
import { COMPANY_ID_PATTERN } from '../../auth/credentials.js'
import { ADDRESS_ID_PATTERN } from '../../shared/appointments.js'
import {
  BODY,
  COMPANY,
  EXAMPLE_COMPANY_ID,
  EXAMPLE_NOW,
  extend,
  merge,
  nullable,
  pathParameter,
  ref,
  validation,
  type DocumentPart,
  type Endpoint,
  type Json,
  type LibraryPieces,
  type Problems,
} from '../../openapi/parts.js'

const EXAMPLE_ADDRESS_ID = 'addr_72b4aaea8ab3482f'

const exampleAddress = {
  name: 'Lakeside DC',
  address1: '2400 S Wolf Rd',
  city: 'Des Plaines',
  state: 'IL',
  zipCode: '60018',
  phoneNumber: '+18475550142',
  contactPerson: 'Dana Whitfield',
  appointmentRequired: true,
}
const exampleAppointment = {
  channel: 'PORTAL',
  portalUrl: 'https://dock.lakeside.example/book',
  contacts: [{ name: 'Dock office', email: 'dock@lakeside.example' }],
  instructions: 'Check in at gate 3.',
  referenceNumbers: ['DOCK-7'],
  leadTimeHours: 24,
}
const exampleSavedAddress = {
  id: EXAMPLE_ADDRESS_ID,
  companyId: EXAMPLE_COMPANY_ID,
  ...exampleAddress,
  country: 'US',
  openTime: '10:00',
  closeTime: '16:00',
  defaultAccessorials: { appointment: exampleAppointment },
  createdAt: EXAMPLE_NOW,
  updatedAt: EXAMPLE_NOW,
}

const ADDRESS: Problems = {
  403: { reasons: ['forbidden'], note: 'missing, invalid, revoked or expired API key, or a saved address of another company' },
  404: { reasons: ['not_found'], note: 'no saved address of that id' },
}

const ENDPOINTS: ReadonlyArray<Endpoint> = [
  {
    method: 'post', path: '/sandbox/addresses', operationId: 'createSavedAddress', tag: 'Saved addresses', caller: 'company', summary: 'Save an address with its appointment default',
    description: 'A place of the caller\'s company: an address as a shipment stop needs it (appointmentRequired is the place-level flag) and its place-level appointment default. A create\'s X-Sandbox-Pickup-Address-Id or X-Sandbox-Delivery-Address-Id header places a stop there.',
    body: { schema: 'SavedAddressRequest', description: 'The address and its appointment default.', example: { ...exampleAddress, defaultAccessorials: { appointment: exampleAppointment } } },
    success: { status: 201, description: 'The saved address, with its id.', schema: 'SavedAddress', example: exampleSavedAddress },
    problems: merge(COMPANY, BODY, { 400: { reasons: ['validation_failed'], note: 'violations lists every field', example: validation('zipCode', 'required', 'is required') } }),
  },
  {
    method: 'get', path: '/sandbox/addresses', operationId: 'listSavedAddresses', tag: 'Saved addresses', caller: 'company', summary: 'List your company\'s saved addresses',
    description: 'Every saved address of the caller\'s company, oldest first.',
    success: { status: 200, description: 'The saved addresses.', schema: 'SavedAddressList', example: { addresses: [exampleSavedAddress] } },
    problems: COMPANY,
  },
  {
    method: 'get', path: '/sandbox/addresses/{id}', operationId: 'getSavedAddress', tag: 'Saved addresses', caller: 'company', summary: 'Read a saved address',
    description: 'One saved address of the caller\'s company.',
    parameters: ['addressId'],
    success: { status: 200, description: 'The saved address.', schema: 'SavedAddress', example: exampleSavedAddress },
    problems: merge(COMPANY, ADDRESS),
  },
  {
    method: 'put', path: '/sandbox/addresses/{id}', operationId: 'replaceSavedAddress', tag: 'Saved addresses', caller: 'company', summary: 'Replace a saved address',
    description: 'A full replace with the body of the create; orders placed there see the new default at once.',
    parameters: ['addressId'],
    body: { schema: 'SavedAddressRequest', description: 'The address and its appointment default.', example: { ...exampleAddress, defaultAccessorials: { appointment: exampleAppointment } } },
    success: { status: 200, description: 'The saved address after the replace.', schema: 'SavedAddress', example: exampleSavedAddress },
    problems: merge(COMPANY, BODY, ADDRESS, { 400: { reasons: ['validation_failed'], note: 'violations lists every field', example: validation('zipCode', 'required', 'is required') } }),
  },
]

/** The feature's own component schemas. */
const schemas = ({ dateTime, address, shipmentAddress }: LibraryPieces): Record<string, Json> => ({
  SavedAddressRequest: extend(shipmentAddress, {
    description: 'A saved address: an address as a shipment stop needs it (the library\'s ShipmentAddress), and its place-level appointment default.',
    properties: {
      defaultAccessorials: nullable({
        type: 'object',
        description: 'The place-level defaults.',
        properties: { appointment: nullable(ref('AppointmentRequirementRequest')) },
      }),
    },
  }),
  SavedAddress: extend(address, {
    description: 'A saved address as the sandbox answers it: the address (the library\'s Address), its id and company, its appointment default, and when it was created and last replaced.',
    required: ['id', 'companyId', 'defaultAccessorials', 'createdAt', 'updatedAt'],
    properties: {
      id: { type: 'string', pattern: ADDRESS_ID_PATTERN },
      companyId: { type: 'string', pattern: COMPANY_ID_PATTERN },
      defaultAccessorials: {
        type: 'object',
        required: ['appointment'],
        properties: { appointment: nullable(ref('AppointmentRequirementRequest')) },
      },
      createdAt: dateTime,
      updatedAt: dateTime,
    },
  }),
  SavedAddressList: {
    description: 'The company\'s saved addresses, oldest first.',
    type: 'object',
    required: ['addresses'],
    properties: { addresses: { type: 'array', items: ref('SavedAddress') } },
  },
})

/** The feature's component parameters. */
const parameters = (): Record<string, Json> => ({
  addressId: pathParameter('id', 'The saved address id (addr_ and 16 hexadecimal digits).', { type: 'string' }, EXAMPLE_ADDRESS_ID),
})

/** The addresses feature's part of the sandbox's document. */
export const addressesDocument: DocumentPart = {
  tags: [
    { name: 'Saved addresses', description: 'Places with their place-level appointment default.' },
  ],
  endpoints: ENDPOINTS,
  schemas,
  parameters,
}
