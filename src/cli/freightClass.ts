/**
 * `shipper-rules freight-class`: density and class of one pallet, as a shipper would ask it.
 *
 * @module
 */
import { defaultConfig } from '../config.js'
import { DENSITY_SCALE_18, NMFC_2025_SCALE, type DensityScale } from '../model/densityScales.js'
import { densityOf, freightClassForPallet } from '../rules/freightClass.js'
import { isOversized } from '../rules/freightDimensions.js'
import type { CliIo } from './io.js'
import { usageError } from './usage.js'

export const FREIGHT_CLASS_USAGE = `  shipper-rules freight-class <pounds-per-pallet> <length> <width> <height> [--scale 18|nmfc-2025]
      prints the density (pounds per cubic foot) and the freight class of one pallet, decided
      exactly (no floating-point rounding at class boundaries); default scale: NMFC 2025 (in force since 19 July 2025).`

const SCALES: Readonly<Record<string, DensityScale>> = {
  '18': DENSITY_SCALE_18,
  DENSITY_SCALE_18,
  'nmfc-2025': NMFC_2025_SCALE,
  NMFC_2025_SCALE,
}

/** A density for display: up to three decimals, no trailing zeros. */
export const formatDensity = (pcf: number): string => String(Number(pcf.toFixed(3)))

export const freightClassCommand = async (args: ReadonlyArray<string>, io: CliIo): Promise<number> => {
  const numbers: number[] = []
  let scale: DensityScale = NMFC_2025_SCALE
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    if (a === '--scale') {
      const name = args[++i] ?? ''
      const found = Object.prototype.hasOwnProperty.call(SCALES, name) ? SCALES[name] : undefined
      if (found === undefined) return usage(io, `unknown scale '${name}' (18 or nmfc-2025)`)
      scale = found
    } else if (/^[1-9]\d{0,8}$/.test(a)) {
      numbers.push(Number(a))
    } else {
      return usage(io, `'${a}' is not a whole number of pounds or inches`)
    }
  }
  if (numbers.length !== 4) return usage(io, 'freight-class takes pounds per pallet, length, width and height')
  const [pounds, length, width, height] = numbers as [number, number, number, number]
  const dims = { length, width, height }
  const fp = defaultConfig.pallet.standardFootprint
  io.stdout(
    [
      `pounds per pallet  ${pounds}`,
      `dimensions         ${length} x ${width} x ${height} in (length x width x height)`,
      `density            ${formatDensity(densityOf(pounds, dims))} lb/ft3`,
      `freight class      ${freightClassForPallet(pounds, dims, scale)} (${scale.name})`,
      `oversized          ${isOversized(dims) ? 'yes' : 'no'} (standard footprint ${fp.length} x ${fp.width})`,
      '',
    ].join('\n'),
  )
  return 0
}

const usage = (io: CliIo, message: string): number => usageError(io, 'freight-class', message)
