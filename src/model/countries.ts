/**
 * Country and state tables (spec: Address.country, Address.state; rules ADDR-02, ADDR-05,
 * ADDR-06, ADDR-07): the ISO 3166-1 list, the served countries and the US states, as data of the
 * model (the codecs, the OpenAPI document and the rules in `rules/country.ts` all read them).
 *
 * @module
 */

/**
 * Every officially assigned ISO 3166-1 alpha-2 code (249 codes). User-assigned codes such as
 * `XK` and reserved ones such as `UK` or `EU` are not country codes here.
 * A test compares this table with the `i18n-iso-countries` package.
 * ADDR-06 tells an unserved country (400) from an unrecognized code by this table.
 *
 * @example
 * [ISO_3166_1_ALPHA_2.has('GB'), ISO_3166_1_ALPHA_2.has('UK')]
 * //=> [true, false]
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
 * @example
 * US_TERRITORIES
 * //=> ['PR', 'GU', 'VI', 'AS', 'MP']
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
 * @example
 * SERVED_COUNTRIES
 * //=> ['US', 'PR', 'GU', 'VI', 'AS', 'MP']
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
 * With the territories, the states a request may name (ADDR-02).
 *
 * @example
 * US_STATES_AND_DC.length
 * //=> 51
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

/**
 * The codes a request address may carry as its state: the 50 states, DC and the five served
 * territories (ADDR-02).
 *
 * @example
 * REQUEST_STATES.includes('PR')
 * //=> true
 *
 * @category model
 * @since 0.2.0
 */
export const REQUEST_STATES = [...US_STATES_AND_DC, ...US_TERRITORIES] as const

/**
 * `^(?:[Uu][Ss]|…)$`: one of the codes, each letter in either case (the country is case-insensitive).
 *
 * @internal
 */
export const caseInsensitiveCodes = (codes: Iterable<string>): string => {
  const byFirst = new Map<string, string[]>()
  for (const code of codes) byFirst.set(code[0]!, [...(byFirst.get(code[0]!) ?? []), code[1]!])
  const either = (c: string): string => `${c}${c.toLowerCase()}`
  const groups = [...byFirst].map(([first, seconds]) => `[${either(first)}][${seconds.map(either).join('')}]`)
  return `^(?:${groups.join('|')})$`
}

/**
 * The wire format of a request's country: a served code in either case (ADDR-05, ADDR-06).
 *
 * @example
 * new RegExp(SERVED_COUNTRY_FORMAT.pattern).test('mx')
 * //=> false
 *
 * @category model
 * @since 0.2.0
 */
export const SERVED_COUNTRY_FORMAT = {
  pattern: caseInsensitiveCodes(SERVED_COUNTRIES),
  description: 'US or a served US territory (PR, GU, VI, AS, MP), in either case',
} as const

/**
 * The wire format of a response's country: any ISO 3166-1 alpha-2 code in either case (ADDR-03).
 *
 * @example
 * new RegExp(ISO_COUNTRY_FORMAT.pattern).test('de')
 * //=> true
 *
 * @category model
 * @since 0.2.0
 */
export const ISO_COUNTRY_FORMAT = {
  pattern: caseInsensitiveCodes(ISO_3166_1_ALPHA_2),
  description: 'an ISO 3166-1 alpha-2 country code, in either case',
} as const

/** The served territories, as a set (ADDR-06, ADDR-07). @internal */
export const TERRITORY_SET: ReadonlySet<string> = new Set(US_TERRITORIES)
/** The served countries, as a set (ADDR-06). @internal */
export const SERVED_SET: ReadonlySet<string> = new Set(SERVED_COUNTRIES)
/** The codes a request may name as state, as a set (ADDR-02). @internal */
export const REQUEST_STATE_SET: ReadonlySet<string> = new Set(REQUEST_STATES)
