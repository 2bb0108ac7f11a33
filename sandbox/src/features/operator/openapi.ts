// The operator's control plane in the sandbox's document. The company name's limit is
// companyName.ts's, read by the handler too.
import { HEADER } from 'shipper-rules'
import { API_KEY_PATTERN, COMPANY_ID_PATTERN } from '../../auth/credentials.js'
import { BODY, EXAMPLE_COMPANY_ID, EXAMPLE_NOW, merge, OPERATOR, pathParameter, ref, validation, whole, type DocumentPart, type Endpoint, type Json, type LibraryPieces } from '../../openapi/parts.js'
import { MAX_CLOCK_OFFSET_MS } from '../../clock/clock.js'
import { COMPANY_NAME_MAX_LENGTH } from './companyName.js'

const EXAMPLE_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzY29wZSI6InNoaXBwZXIiLCJjb21wYW5pZXMiOlsiY21wXzNmOWExYzI3Yjg0ZSJdLCJpc3MiOiJzaGlwcGVyLXJ1bGVzLXNhbmRib3giLCJzdWIiOiJ1c3JfM2Y5YTFjMjdiODRlIn0.GNcKuXsDgWQJyWtpThVqP-fJoUA1LWRhvfYu_BZgKb8'
const exampleCredentials = { companyId: EXAMPLE_COMPANY_ID, companyName: 'Globex Shipping', apiKey: 'sk_sandbox_UwT0UZG1aWwbBA5Rd4ArBx1yLTV8FtHS', token: EXAMPLE_TOKEN }

const ENDPOINTS: ReadonlyArray<Endpoint> = [
  {
    method: 'post', path: '/sandbox/companies', operationId: 'createCompany', tag: 'Operator', caller: 'operator', summary: 'Create a company and its first key',
    description: 'Creates a company and issues its first API key and bearer token. A name that exists is 409, never a further key: that is createCompanyKey.',
    body: { schema: 'CompanyName', description: 'The company\'s name.', example: { name: 'Globex Shipping' } },
    success: { status: 201, description: 'The company\'s credentials (the key is shown once).', schema: 'IssuedCredentials', example: exampleCredentials },
    problems: merge(OPERATOR, BODY, {
      400: { reasons: ['validation_failed'], note: `a name missing, blank, over ${COMPANY_NAME_MAX_LENGTH} characters or not well-formed text`, example: validation('name', 'required', `must be a company name of 1 to ${COMPANY_NAME_MAX_LENGTH} characters`) },
      409: { reasons: ['conflict'], note: 'a company of that name exists' },
    }),
  },
  {
    method: 'get', path: '/sandbox/companies', operationId: 'listCompanies', tag: 'Operator', caller: 'operator', summary: 'List the companies',
    description: 'Every company: id, name, creation time, clock offset and number of active keys (never a key).',
    success: { status: 200, description: 'The companies.', schema: 'CompanyList', example: { companies: [{ companyId: EXAMPLE_COMPANY_ID, companyName: 'Globex Shipping', createdAt: EXAMPLE_NOW, clockOffsetMs: 0, activeKeys: 1 }] } },
    problems: OPERATOR,
  },
  {
    method: 'post', path: '/sandbox/companies/{companyId}/keys', operationId: 'createCompanyKey', tag: 'Operator', caller: 'operator', summary: 'Issue a further key for a company',
    description: 'Issues a new API key and bearer token for an existing company; its other keys stay valid.',
    parameters: ['companyId'],
    success: { status: 201, description: 'The new credentials (the key is shown once).', schema: 'IssuedCredentials', example: exampleCredentials },
    problems: merge(OPERATOR, BODY, {
      400: { reasons: ['validation_failed'], note: 'a malformed company id', example: validation('companyId', 'pattern', 'must be a company id (cmp_ and 12 hexadecimal digits)') },
      404: { reasons: ['not_found'], note: 'no company of that id' },
    }),
  },
]

/** The feature's own component schemas. */
const schemas = ({ dateTime, notBlank }: LibraryPieces): Record<string, Json> => ({
  CompanyName: {
    description: 'A new company.',
    type: 'object',
    required: ['name'],
    properties: { name: { ...notBlank, maxLength: COMPANY_NAME_MAX_LENGTH, description: `The company's name, 1 to ${COMPANY_NAME_MAX_LENGTH} characters, unique.` } },
  },
  IssuedCredentials: {
    description: `A company's credentials: send the token as ${HEADER.authorization}: Bearer and the key as ${HEADER.apiKey}.`,
    type: 'object',
    required: ['companyId', 'companyName', 'apiKey', 'token'],
    properties: {
      companyId: { type: 'string', pattern: COMPANY_ID_PATTERN },
      companyName: { type: 'string' },
      apiKey: { type: 'string', pattern: API_KEY_PATTERN },
      token: { type: 'string', description: 'A bearer token (JWT) with the scope shipper.' },
    },
  },
  CompanySummary: {
    description: 'A company, without its keys.',
    type: 'object',
    required: ['companyId', 'companyName', 'createdAt', 'clockOffsetMs', 'activeKeys'],
    properties: {
      companyId: { type: 'string', pattern: COMPANY_ID_PATTERN },
      companyName: { type: 'string' },
      createdAt: dateTime,
      clockOffsetMs: whole(0, MAX_CLOCK_OFFSET_MS, 'How far ahead of real time its clock runs, milliseconds.'),
      activeKeys: { type: 'integer', minimum: 0, description: 'Keys not revoked.' },
    },
  },
  CompanyList: {
    description: 'Every company, oldest first.',
    type: 'object',
    required: ['companies'],
    properties: { companies: { type: 'array', items: ref('CompanySummary') } },
  },
})

/** The feature's component parameters. */
const parameters = (): Record<string, Json> => ({
  companyId: pathParameter('companyId', 'The company id (cmp_ and 12 hexadecimal digits).', { type: 'string' }, EXAMPLE_COMPANY_ID),
})

/** The operator feature's part of the sandbox's document. */
export const operatorDocument: DocumentPart = {
  tags: [
    { name: 'Operator', description: 'The operator\'s control plane: companies and their keys, with the operator token.' },
  ],
  endpoints: ENDPOINTS,
  schemas,
  parameters,
}
