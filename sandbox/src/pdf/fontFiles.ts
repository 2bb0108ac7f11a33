// The font files the PDFs use: one home for the list, read by the typesetter (pdf/fonts.ts) and by
// the packing script (scripts/bundle-fonts.mjs, from dist/), which copies exactly these files into
// the published package's fonts/ folder, so an install carries five fonts (23.4 MB) instead of the
// three font packages' 27 weights (107 MB). In the repository they are read from the packages.
import { existsSync } from 'node:fs'
import { basename, join } from 'node:path'

/** Each font as a path inside its npm package (a dependency in the repository; bundled when packed). */
export const FONT_FILES = {
  sans: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  sansBold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  math: '@expo-google-fonts/noto-sans-math/400Regular/NotoSansMath_400Regular.ttf',
  sc: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  scBold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const
export type FontFile = (typeof FONT_FILES)[keyof typeof FONT_FILES]

/** The font packages the files come from: their licence texts travel with the bundled files. */
export const FONT_PACKAGES = ['@expo-google-fonts/noto-sans', '@expo-google-fonts/noto-sans-math', '@expo-google-fonts/noto-sans-sc'] as const

/** The folder of the published package that holds the bundled fonts (beside dist/). */
export const BUNDLED_FONTS_DIR = 'fonts'

/**
 * Where a font is read: the bundled copy in `bundledDir` when it is there (an installed package),
 * else the file inside its npm package (`resolvePackageFile`: the repository, or an install that
 * brought the packages itself).
 */
export const fontPath = (file: FontFile, bundledDir: string, resolvePackageFile: (file: string) => string): string => {
  const bundled = join(bundledDir, basename(file))
  return existsSync(bundled) ? bundled : resolvePackageFile(file)
}
