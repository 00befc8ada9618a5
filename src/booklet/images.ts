import { readPicture } from './picture-sources.ts'
import { DEFAULT_LIMITS } from '../images/image-check.ts'

export { imageSources } from './picture-sources.ts'

/**
 * Pictures of the rules (`rules-image`, `rules-double-view`, markdown images), read from the rules folder before
 * layout so that the layout knows their sizes. pdfkit embeds only PNG and JPEG, and PNGs with alpha slowly and not
 * byte for byte the same: every picture is flattened on white, scaled down to print size and re-encoded with sharp
 * (a JPEG photo that needs no scaling is embedded as it is).
 */
export interface BookletImage {
  src: string
  /** PNG (RGB) or JPEG bytes. */
  data: Buffer
  /** Pixels. */
  width: number
  height: number
}

export type ImageLookup = (src: string) => BookletImage | undefined

/** Why a picture is not drawn, for the warning. */
export type ImageProblem = { src: string; reason: string }

/** Wider than this (pixels) is more than 300 dpi across an A4 column: scaled down. */
const MAX_PIXELS = 2000

/** Reads and converts every picture; a missing or unreadable one is a problem, not a throw. */
export const loadImages = async (
  sources: string[],
  baseDir: string | undefined,
): Promise<{ images: Map<string, BookletImage>; problems: Map<string, string> }> => {
  const images = new Map<string, BookletImage>()
  const problems = new Map<string, string>()
  for (const src of sources) {
    const found = readPicture(src, baseDir)
    if ('problem' in found) {
      problems.set(src, found.problem)
      continue
    }
    const { bytes } = found
    try {
      images.set(src, await convert(src, bytes))
    } catch (error) {
      problems.set(src, `it could not be read as a picture (${(error as Error).message.split('\n')[0]})`)
    }
  }
  return { images, problems }
}

const convert = async (src: string, input: Buffer): Promise<BookletImage> => {
  // Loaded for the first picture: its native library takes ~100 ms to load, and most booklets have none.
  const { default: sharp } = await import('sharp')
  const meta = await sharp(input, { limitInputPixels: DEFAULT_LIMITS.maxPixels }).metadata()
  const width = meta.autoOrient?.width ?? meta.width
  const height = meta.autoOrient?.height ?? meta.height
  if (!width || !height) throw new Error('no size')
  const scale = Math.min(1, MAX_PIXELS / width)
  // A plain JPEG that fits goes in as it is: pdfkit embeds JPEG bytes without decoding them.
  if (meta.format === 'jpeg' && scale === 1 && (meta.orientation ?? 1) === 1 && meta.space !== 'cmyk') {
    return { src, data: input, width, height }
  }
  const pipeline = sharp(input, { limitInputPixels: DEFAULT_LIMITS.maxPixels })
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .toColourspace('srgb')
  if (scale < 1) pipeline.resize({ width: Math.round(width * scale) })
  // JPEG and WebP pictures were lossy already: a JPEG keeps the booklet small (a lossless PNG of a WebP is ~10× larger).
  const photo = meta.format === 'jpeg' || meta.format === 'webp'
  const { data, info } = await (photo
    ? pipeline.jpeg({ quality: 88 })
    : pipeline.png({ compressionLevel: 9 })
  ).toBuffer({ resolveWithObject: true })
  return { src, data, width: info.width, height: info.height }
}
