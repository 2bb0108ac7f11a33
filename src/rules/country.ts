/**
 * Countries and states (spec: Address.country, Address.state; rules ADDR-02, ADDR-05, ADDR-06,
 * ADDR-07). Rules as data: the ISO 3166-1 list, the served countries and the US states are
 * tables of the model (`model/countries.ts`); the functions below only interpret them.
 *
 * @module
 */

import { ISO_3166_1_ALPHA_2, REQUEST_STATE_SET, SERVED_COUNTRIES, SERVED_SET, TERRITORY_SET, US_STATES_AND_DC, US_TERRITORIES, type ServedCountry, type UsTerritory } from '../model/countries.js'

export { ISO_3166_1_ALPHA_2, SERVED_COUNTRIES, US_STATES_AND_DC, US_TERRITORIES, type ServedCountry, type UsTerritory }


/**
 * How a two-letter code reads as a country: served, recognized but not served, or not a country
 * code at all (ADDR-06). Expects upper case.
 *
 * Implements ADDR-06.
 *
 * @example
 * [classifyCountry('GU'), classifyCountry('CA'), classifyCountry('UK')]
 * //=> ['served', 'not_served', 'unknown']
 *
 * @category utils
 * @since 0.1.0
 */
export const classifyCountry = (code: string): 'served' | 'not_served' | 'unknown' =>
  SERVED_SET.has(code) ? 'served' : ISO_3166_1_ALPHA_2.has(code) ? 'not_served' : 'unknown'

/**
 * Whether an upper-case code is a served US territory (PR, GU, VI, AS, MP).
 * For example, `isUsTerritory('VI')` is `true`.
 *
 * @internal
 */
export const isUsTerritory = (code: string): code is UsTerritory => TERRITORY_SET.has(code)

/**
 * Whether an upper-case code may be the state of a request address: a US state, DC or a served
 * territory (ADDR-02).
 *
 * Implements ADDR-02.
 *
 * @example
 * [isRequestState('DC'), isRequestState('PR'), isRequestState('ON')]
 * //=> [true, true, false]
 *
 * @category refinements
 * @since 0.1.0
 */
export const isRequestState = (code: string): boolean => REQUEST_STATE_SET.has(code)

/**
 * The canonical (country, state) pair of a served address (ADDR-07). Decision (D): a territory
 * is written with the territory code in both fields, so `US`/`PR` and `PR`/`PR` both become
 * `PR`/`PR`; a territory country with a different state is a mismatch (`null`).
 *
 * Implements ADDR-07.
 *
 * @example
 * [canonicalTerritory('US', 'PR'), canonicalTerritory('PR', 'PR'), canonicalTerritory('PR', 'NY')]
 * //=> [{ country: 'PR', state: 'PR' }, { country: 'PR', state: 'PR' }, null]
 *
 * @category utils
 * @since 0.1.0
 */
export const canonicalTerritory = (
  country: ServedCountry,
  state: string | undefined,
): { country: ServedCountry; state: string | undefined } | null => {
  if (country === 'US') {
    return state !== undefined && isUsTerritory(state) ? { country: state, state } : { country, state }
  }
  return state === undefined || state === country ? { country, state } : null
}
