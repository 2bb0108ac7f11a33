// The operator feature's queries (creating companies and issuing keys is auth/credentials.ts's:
// the command line's `keys create` does it too).
import { isoOf, numberOf, type Queryable } from '../../db/store.js'

interface CompanyRow {
  readonly id: string
  readonly name: string
  readonly created_at: unknown
  readonly clock_offset_ms: unknown
  readonly keys: unknown
}

/** Every company with its number of keys not revoked, oldest first, as the list answers it. */
export const listCompanies = async (db: Queryable) =>
  (
    await db.query<CompanyRow>(
      'SELECT c.id, c.name, c.created_at, c.clock_offset_ms, (SELECT count(*) FROM api_keys k WHERE k.company_id = c.id AND NOT k.revoked) AS keys FROM companies c ORDER BY c.created_at, c.id',
    )
  ).map((r) => ({ companyId: r.id, companyName: r.name, createdAt: isoOf(r.created_at), clockOffsetMs: numberOf(r.clock_offset_ms), activeKeys: numberOf(r.keys) }))

/** A company by its id, or undefined. */
export const findCompany = async (db: Queryable, id: string): Promise<{ readonly id: string; readonly name: string } | undefined> =>
  (await db.query<{ id: string; name: string }>('SELECT id, name FROM companies WHERE id = $1', [id]))[0]
