// Credentials (spec: Authentication): bearer tokens are HS256 JWTs with scope `shipper`, signed
// with a per-installation secret stored in the database; API keys belong to one company and are
// stored as SHA-256 hashes. What a call may do is decided by the library's `authorize`.
import { createHash, randomBytes, randomUUID, timingSafeEqual, webcrypto } from 'node:crypto'
import { jwtVerify, SignJWT, type JWTPayload } from 'jose'
import { HEADER_KEY, SHIPPER_SCOPE, type Credentials } from 'shipper-rules'
import type { Queryable, Store } from '../db/store.js'

const ISSUER = 'shipper-rules-sandbox'

export interface Secrets {
  /** The HS256 key, imported once: importing it on every verification cost a tenth of the server's time under load. */
  readonly jwt: webcrypto.CryptoKey
  readonly download: Buffer
}

/** The installation's secrets, created on first start and kept in the database. */
export const loadSecrets = async (store: Store): Promise<Secrets> => {
  for (const name of ['jwt_secret', 'download_secret']) {
    await store.query('INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, randomBytes(32).toString('base64url')])
  }
  const rows = await store.query<{ name: string; value: string }>("SELECT name, value FROM settings WHERE name IN ('jwt_secret', 'download_secret')")
  const get = (n: string): Buffer => Buffer.from(rows.find((r) => r.name === n)?.value ?? '', 'base64url')
  const jwt = await webcrypto.subtle.importKey('raw', new Uint8Array(get('jwt_secret')), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
  return { jwt, download: get('download_secret') }
}

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex')

/** A bearer token: `sub` is the user (or the client, machine to machine), `companies` the user's companies. */
export const issueToken = async (secrets: Secrets, claims: { readonly subject: string; readonly companyIds?: ReadonlyArray<string>; readonly scope?: string }): Promise<string> =>
  new SignJWT({ scope: claims.scope ?? SHIPPER_SCOPE, ...(claims.companyIds !== undefined ? { companies: [...claims.companyIds] } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(claims.subject)
    .setIssuedAt()
    .setExpirationTime('365d')
    .sign(secrets.jwt)

export interface IssuedCredentials {
  readonly companyId: string
  readonly companyName: string
  readonly apiKey: string
  readonly token: string
}

/** A company id: cmp_ and 12 hexadecimal digits (the source of an anchored pattern, as the sandbox's document spells it). */
export const COMPANY_ID_PATTERN = '^cmp_[0-9a-f]{12}$'

/** An API key the sandbox issues: sk_sandbox_ and base64url characters. */
export const API_KEY_PATTERN = '^sk_sandbox_[A-Za-z0-9_-]+$'

const newCompanyId = (): string => `cmp_${randomUUID().replaceAll('-', '').slice(0, 12)}`

/** A new API key for an existing company, and a bearer token for a user of it. */
export const issueKey = async (db: Queryable, secrets: Secrets, company: { readonly id: string; readonly name: string }, now: Date): Promise<IssuedCredentials> => {
  const apiKey = `sk_sandbox_${randomBytes(24).toString('base64url')}`
  await db.query('INSERT INTO api_keys (key_hash, company_id, created_at) VALUES ($1, $2, $3)', [hashKey(apiKey), company.id, now])
  const token = await issueToken(secrets, { subject: `usr_${company.id.slice(4)}`, companyIds: [company.id] })
  return { companyId: company.id, companyName: company.name, apiKey, token }
}

/** Creates a company and its first key: undefined when a company of that name exists (never a new key for it). */
export const createCompany = async (store: Store, secrets: Secrets, companyName: string, now: Date): Promise<IssuedCredentials | undefined> => {
  const id = (await store.query<{ id: string }>('INSERT INTO companies (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING RETURNING id', [newCompanyId(), companyName, now]))[0]?.id
  return id === undefined ? undefined : issueKey(store, secrets, { id, name: companyName }, now)
}

/** The console's `keys create`: creates the company if it does not exist, then a new API key for it and a user token. */
export const createKey = async (store: Store, secrets: Secrets, companyName: string, now: Date): Promise<IssuedCredentials> => {
  const companyId = await store.transaction(async (tx) => {
    await tx.query('INSERT INTO companies (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING', [newCompanyId(), companyName, now])
    const rows = await tx.query<{ id: string }>('SELECT id FROM companies WHERE name = $1', [companyName])
    return rows[0]?.id ?? ''
  })
  return issueKey(store, secrets, { id: companyId, name: companyName }, now)
}

/** A new operator token: printed once, kept only as its hash. */
export const newOperatorToken = (): string => `sbx_op_${randomBytes(32).toString('base64url')}`

export const operatorTokenHash = (token: string): Buffer => createHash('sha256').update(token).digest()

/** The token of an `Authorization: Bearer …` header, the scheme in any letter case (RFC 9110 §11.1). */
export const bearerOf = (authorization: unknown): string | undefined => {
  const match = typeof authorization === 'string' ? /^bearer +([A-Za-z0-9_\-.~+/]+=*) *$/i.exec(authorization) : null
  return match?.[1]
}

/** Whether a header carries the operator token: hashes compared in constant time. */
export const isOperatorToken = (hash: Buffer, authorization: unknown): boolean => {
  const token = bearerOf(authorization)
  return token !== undefined && timingSafeEqual(operatorTokenHash(token), hash)
}

/**
 * Verified tokens by their text, so that a client polling with one token pays the HMAC once: each
 * entry is used only until the token's own expiry, and the map holds at most 1,024 tokens (the
 * oldest dropped first). Per secrets, so a server built on other secrets never shares it.
 */
const verified = new WeakMap<Secrets, Map<string, JWTPayload>>()
const TOKEN_CACHE_SIZE = 1024

const verifyToken = async (secrets: Secrets, token: string): Promise<JWTPayload> => {
  let cache = verified.get(secrets)
  if (cache === undefined) verified.set(secrets, (cache = new Map()))
  const hit = cache.get(token)
  if (hit !== undefined && typeof hit.exp === 'number' && hit.exp * 1000 > Date.now()) return hit
  cache.delete(token)
  const { payload } = await jwtVerify(token, secrets.jwt, { issuer: ISSUER, algorithms: ['HS256'] })
  if (typeof payload.exp === 'number') {
    if (cache.size >= TOKEN_CACHE_SIZE) cache.delete(cache.keys().next().value as string)
    cache.set(token, payload)
  }
  return payload
}

/**
 * Known API keys by their hash, each read again from the database after 10 seconds (at most 1,024
 * kept, oldest dropped first): a key revoked in the database is refused within 10 seconds, and a
 * key created by another process sharing the database is found at once (unknown keys are not kept).
 */
const knownKeys = new WeakMap<Secrets, Map<string, { readonly key: NonNullable<Credentials['apiKey']>; readonly until: number }>>()
const KEY_CACHE_SIZE = 1024
const KEY_CACHE_MS = 10_000

const lookUpKey = async (db: Queryable, secrets: Secrets, key: string): Promise<Credentials['apiKey']> => {
  let cache = knownKeys.get(secrets)
  if (cache === undefined) knownKeys.set(secrets, (cache = new Map()))
  const hash = hashKey(key)
  const hit = cache.get(hash)
  if (hit !== undefined && hit.until > Date.now()) return hit.key
  cache.delete(hash)
  const row = (await db.query<{ company_id: string; revoked: boolean }>('SELECT company_id, revoked FROM api_keys WHERE key_hash = $1', [hash]))[0]
  if (row === undefined) return null
  const found = { companyId: row.company_id, revoked: row.revoked }
  if (cache.size >= KEY_CACHE_SIZE) cache.delete(cache.keys().next().value as string)
  cache.set(hash, { key: found, until: Date.now() + KEY_CACHE_MS })
  return found
}

/** Marks an API key revoked (every later call with it is refused by `authorize`: 403), at once in this process. */
export const revokeKey = async (db: Queryable, secrets: Secrets, key: string): Promise<boolean> => {
  const hash = hashKey(key)
  knownKeys.get(secrets)?.delete(hash)
  const rows = await db.query('UPDATE api_keys SET revoked = true WHERE key_hash = $1 RETURNING key_hash', [hash])
  knownKeys.get(secrets)?.delete(hash)
  return rows.length > 0
}

export interface Caller {
  readonly credentials: Credentials
  /** The token's subject: the creating user of a shipment. */
  readonly userId: string
}

/** Reads both credentials of a request into the facts `authorize` judges. */
export const readCredentials = async (db: Queryable, secrets: Secrets, headers: Record<string, unknown>): Promise<Caller> => {
  let bearer: Credentials['bearer'] = null
  let user: Credentials['user'] = null
  let userId = ''
  const bearer64 = bearerOf(headers[HEADER_KEY.authorization])
  if (bearer64 !== undefined) {
    try {
      const payload = await verifyToken(secrets, bearer64)
      bearer = { scopes: typeof payload.scope === 'string' ? payload.scope.split(' ') : [] }
      userId = payload.sub ?? ''
      const companies = payload['companies']
      if (Array.isArray(companies)) user = { companyIds: companies.filter((c): c is string => typeof c === 'string') }
    } catch {
      bearer = null
    }
  }
  let apiKey: Credentials['apiKey'] = null
  const key = headers[HEADER_KEY.apiKey]
  if (typeof key === 'string' && key.length > 0) {
    apiKey = await lookUpKey(db, secrets, key)
  }
  return { credentials: { bearer, apiKey, user }, userId }
}

/** The advisory lock under which the ready-made company's key is issued (db/store.ts's migrations hold 7312001). */
const READY_MADE_LOCK = 7312002

/**
 * The ready-made company's credentials: created on the first start, the key kept in `settings`
 * (the one key stored in clear) so that every start prints it. Issued under an advisory lock in one
 * transaction, so that processes started at the same moment on a fresh database all print the one
 * stored key (before, each issued its own and all but one printed a key nobody kept).
 */
export const readyMadeCredentials = async (store: Store, secrets: Secrets, companyName: string, now: Date): Promise<IssuedCredentials> => {
  const read = async (db: Queryable): Promise<IssuedCredentials | undefined> => {
    const stored = (await db.query<{ value: string }>("SELECT value FROM settings WHERE name = 'demo_credentials'"))[0]
    return stored === undefined ? undefined : (JSON.parse(stored.value) as IssuedCredentials)
  }
  return (
    (await read(store)) ??
    store.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [READY_MADE_LOCK])
      const stored = await read(tx)
      if (stored !== undefined) return stored
      await tx.query('INSERT INTO companies (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING', [newCompanyId(), companyName, now])
      const id = (await tx.query<{ id: string }>('SELECT id FROM companies WHERE name = $1', [companyName]))[0]?.id ?? ''
      const issued = await issueKey(tx, secrets, { id, name: companyName }, now)
      await tx.query("INSERT INTO settings (name, value) VALUES ('demo_credentials', $1)", [JSON.stringify(issued)])
      return issued
    })
  )
}
