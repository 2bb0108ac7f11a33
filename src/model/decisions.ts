/**
 * The decisions this library takes where the spec is silent about how strictly a field is read,
 * and the cross-field rules that a schema cannot state, as data: `docs/rules.md` shows them (a
 * test checks that every row appears there verbatim) and the generated OpenAPI document carries
 * them in its description, so the two always say the same thing.
 *
 * @module
 */

/**
 * How strictly the wire is read, where the spec leaves it open: question and decision.
 * They settle how ADDR-02, ADDR-05 and the other format rules read their input.
 *
 * @example
 * STRICTNESS_DECISIONS.length
 * //=> 9
 *
 * @category model
 * @since 0.2.0
 */
export const STRICTNESS_DECISIONS: ReadonlyArray<{ readonly question: string; readonly decision: string }> = [
  { question: "Blanks around a formatted value (ZIP code, phone, time, date, code)", decision: "Not trimmed: a `pattern` violation." },
  { question: "Letter case of codes and enums", decision: "As the spec writes them (state, SCAC, channel, freightClass, shipmentMode, document types, stop `PICKUP`/`DELIVERY`); the country alone is case-insensitive (ASCII letters only), and `{stop}` also accepts the lower-case `pickup`/`delivery` the spec mentions. Only ASCII letters are ever case-mapped." },
  { question: "`\"\"` for an optional field", decision: "A value, judged as sent (a format violation for formatted fields, kept for free text)." },
  { question: "`null` for a field", decision: "A `type` violation, except where the spec says \"or null\" (response fields: transitDays, estimatedDeliveryDate, orderStatus on tracking, nmfcCode on an invoice line, statusDescription, the merged appointment fields)." },
  { question: "Required free text (name, address1, city, contactPerson, description, contact and dispatch names, reference numbers)", decision: "Needs one character that is not white space (ADDR-01 says \"non-empty after trimming\"); kept as sent." },
  { question: "Length limits", decision: "Counted in characters (Unicode code points), as OpenAPI 3.1 `maxLength` counts them, on the value as sent." },
  { question: "Whole numbers past 2^53 − 1", decision: "`out_of_range` (400) where no configured cap applies; over the cap (422 `pallet_invalid`) for palletCount, poundsWeight and dimensions." },
  { question: "Unknown fields", decision: "Ignored and dropped from the normalized value (the schemas allow additional properties)." },
  { question: "Text a server cannot store (U+0000, an unpaired surrogate)", decision: "A 400 `encoding` violation at the field, for every field, path, query and header value read (docs/rules.md, section Wire text); an unknown key or value is not read, so not reported." },
]

/**
 * The cross-field rules a JSON Schema or an io-ts codec cannot state, and where the validators
 * enforce them.
 * Each entry names its rule IDs (FRT-09, FRT-10, FRT-12, CNF-02, …).
 *
 * @example
 * CROSS_FIELD_RULES.length
 * //=> 6
 *
 * @category model
 * @since 0.2.0
 */
export const CROSS_FIELD_RULES: ReadonlyArray<{ readonly rule: string; readonly where: string }> = [
  { rule: "Configured pallet dimension minima and maxima, weight per pallet, liftgate limits (FRT-09, FRT-10)", where: "422 `pallet_invalid`, `validateComponents` and the request validators" },
  { rule: "Pallets per order (FRT-12) and the sums of confirm time (CNF-02)", where: "422 / `validateConfirm`" },
  { rule: "An appointments entry only for a stop whose address has appointmentRequired true (CRT-07)", where: "`not_allowed` at `appointments.<stop>`" },
  { rule: "requiredDeliveryBy not before requiredPickupDate (CRT-06)", where: "`mismatch` at `requiredDeliveryBy`" },
  { rule: "A GPS timestamp not in the future (TRK-02)", where: "needs `now`: `out_of_range` at `timestamp`" },
  { rule: "Quote expiry, ownership and freight match (CRT-05), lifecycle states (ORD-03…07)", where: "`checkQuoteForShipment`, `transition`, `validateConfirm`" },
]
