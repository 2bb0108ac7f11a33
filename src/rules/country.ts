/**
 * Countries and states (spec: Address.country, Address.state; rules ADDR-02, ADDR-05, ADDR-06,
 * ADDR-07). Rules as data: the ISO 3166-1 list, the served countries and the US states are
 * tables; the functions below only interpret them.
 *
 * @module
 */

/**
 * Every officially assigned ISO 3166-1 alpha-2 code (249 codes). User-assigned codes such as
 * `XK` and reserved ones such as `UK` or `EU` are not country codes here.
 * A test compares this table with the `i18n-iso-countries` package.
 *
 * @category model
 * @since 0.1.0
 */
export const ISO_3166_1_ALPHA_2: ReadonlySet<string> = new Set(
  `
  AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE
  BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD
  CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM
  DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF
  GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU
  ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN
  KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME
  MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA
  NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM
  PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI
  SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK
  TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI
  VN VU WF WS YE YT ZA ZM ZW`.trim().split(/\s+/),
)

/**
 * The US territories the service serves, which are also ISO countries (ADDR-06, ADDR-07).
 *
 * @category model
 * @since 0.1.0
 */
export const US_TERRITORIES = ['PR', 'GU', 'VI', 'AS', 'MP'] as const

/**
 * A served US territory code.
 *
 * @category model
 * @since 0.1.0
 */
export type UsTerritory = (typeof US_TERRITORIES)[number]

/**
 * The countries a request may name: the US and its territories (ADDR-06).
 *
 * @category model
 * @since 0.1.0
 */
export const SERVED_COUNTRIES = ['US', ...US_TERRITORIES] as const

/**
 * A served country code.
 *
 * @category model
 * @since 0.1.0
 */
export type ServedCountry = (typeof SERVED_COUNTRIES)[number]

/**
 * The 50 states and the District of Columbia (USPS codes).
 *
 * @category model
 * @since 0.1.0
 */
export const US_STATES_AND_DC = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA',
  'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM',
  'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA',
  'WV', 'WI', 'WY',
] as const

const TERRITORY_SET: ReadonlySet<string> = new Set(US_TERRITORIES)
const SERVED_SET: ReadonlySet<string> = new Set(SERVED_COUNTRIES)
const REQUEST_STATES: ReadonlySet<string> = new Set([...US_STATES_AND_DC, ...US_TERRITORIES])

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
 *
 * @example
 * isUsTerritory('VI')
 * //=> true
 *
 * @category refinements
 * @since 0.1.0
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
export const isRequestState = (code: string): boolean => REQUEST_STATES.has(code)

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
