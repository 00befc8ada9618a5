import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { ReactNode } from 'react'
import { LRUCache } from 'lru-cache'
import type { LoadedFont } from '../fonts/fonts.ts'
import { encodeRgbPng, encoderSource } from './png.ts'
import { flipBox, flipPixels, halfTurnCandidates, upright, type MeasuredBox, type TurnNode } from './half-turns.ts'
import { pixelSize, type FaceBox } from './face-box.ts'
import type { DrawnFace, FaceRenderer, LoadedRenderer } from './face-renderer.ts'
import { takumiCalls, type TakumiCalls } from './takumi-calls.ts'
import { packageVersions } from '../../cache/source-hash.ts'
import { installedVersion } from '../../util/packages.ts'

type Takumi = typeof import('@takumi-rs/core')
type FromJsx = typeof import('@takumi-rs/helpers/jsx').fromJsx
type TakumiNode = import('@takumi-rs/helpers').Node
type ImageSource = import('@takumi-rs/core').ImageSource

const BASE64_URI = /^data:[^,;]+;base64,/

/**
 * The face's pictures (icons, art: base64 data URIs, as the session gives them) handed to takumi under a key
 * of their content, each decoded once a thread: takumi then keeps what it made of a picture for the next face
 * that shows it, instead of reading the URI again in both of its drawings of every face. Its pixels and its
 * SVG are the same either way (the SVG embeds the picture's data). Pictures of up to `KEYED_MAX` (icons, the
 * art many cards share) are kept, the most recently used up to 32 MB with their URIs; a larger one, most
 * likely one card's own art, stays a URI, as it was.
 */
const KEYED_MAX = 1 << 20
const keyedPictures = () => {
  const known = new LRUCache<string, ImageSource>({
    maxSize: 32 * 2 ** 20,
    sizeCalculation: (image, uri) => uri.length + (image.data as Buffer).length,
  })
  const source = (uri: string): ImageSource => {
    let image = known.get(uri)
    if (!image) {
      image = {
        src: `deckwright:${createHash('sha256').update(uri).digest('hex').slice(0, 32)}`,
        data: Buffer.from(uri.slice(uri.indexOf(',') + 1), 'base64'),
      }
      known.set(uri, image)
    }
    return image
  }
  return (node: TakumiNode): { node: TakumiNode; images: ImageSource[] } => {
    const images = new Map<string, ImageSource>()
    const walk = (n: TakumiNode): TakumiNode => {
      if (n.type === 'image' && typeof n.src === 'string' && n.src.length <= KEYED_MAX && BASE64_URI.test(n.src)) {
        const image = source(n.src)
        images.set(image.src, image)
        return { ...n, src: image.src }
      }
      if (n.type === 'container' && n.children) return { ...n, children: n.children.map(walk) }
      return n
    }
    const keyed = walk(node)
    return { node: keyed, images: [...images.values()] }
  }
}

type Layout = { fontFamilies: string[]; css?: import('@takumi-rs/helpers').CssInput[]; images?: ImageSource[] }

/**
 * The face's raw RGBA pixels. A large element turned half a turn (a split card's upside-down half) that
 * hides all under it is drawn upright and its pixels flipped (see half-turns.ts): takumi's own turning of
 * it cost more than the rest of the face. Only at a device pixel ratio of 1 (300 dpi), where the face's
 * pixels are its layout's, and for inline styles alone (a style sheet could round or fade what it reads).
 * The layout that tells whether each may be flipped and the upright drawing are asked of takumi at once
 * (its calls run on their own threads): the drawing is taken when every candidate may be flipped, as on
 * every split card seen so far, and made again without the others when not.
 */
const rawPixels = async (
  renderer: TakumiCalls,
  node: TakumiNode,
  size: { width: number; height: number },
  box: FaceBox,
  layout: Layout,
): Promise<Buffer> => {
  const options = { width: size.width, height: size.height, format: 'raw' as const, ...layout }
  const candidates =
    size.width === box.width && !layout.css ? halfTurnCandidates(node as TurnNode, (box.width * box.height) / 8) : []
  if (!candidates.length) return renderer.render(node, { ...options, devicePixelRatio: size.width / box.width })
  // The face with the halves at `paths` drawn upright (upright() of no paths is the face as it is).
  const drawnUpright = (paths: number[][]) =>
    renderer.render(upright(node as TurnNode, paths) as TakumiNode, { ...options, devicePixelRatio: 1 })
  const uprightAll = drawnUpright(candidates)
  uprightAll.catch(() => undefined)
  const measured = (await renderer.measure(node, { width: box.width, height: box.height, ...layout })) as MeasuredBox
  const flips = candidates.map((path) => ({ path, box: flipBox(measured, path, 1) })).filter((f) => f.box)
  const raw = await (flips.length === candidates.length ? uprightAll : drawnUpright(flips.map((f) => f.path)))
  for (const flip of flips) flipPixels(raw, size.width, flip.box!)
  return raw
}

/**
 * takumi (a Rust renderer of the same element trees as satori) draws the face twice from one tree: its own
 * SVG (`renderSvg`) and its raw pixels at the asked dpi, which the PNG encoder satori + resvg's faces use
 * turns into the same kind of RGB PNG. Fonts are registered once per thread; each face names its own
 * fallback order, as satori is given it.
 */
const makeRenderer = (takumi: Takumi, fromJsx: FromJsx, id: string, label: string): FaceRenderer => {
  const takumiRenderer = new takumi.Renderer({})
  const renderer = takumiCalls(takumiRenderer)
  const registered = new Map<string, Promise<unknown>>()
  const register = (fonts: readonly LoadedFont[]): Promise<unknown> =>
    Promise.all(
      fonts.map((f) => {
        const key = `${f.path}\0${f.name}\0${f.weight}\0${f.style}`
        let done = registered.get(key)
        if (!done)
          registered.set(
            key,
            (done = takumiRenderer.registerFont({ name: f.name, data: f.data, weight: f.weight, style: f.style })),
          )
        return done
      }),
    )
  const pictures = keyedPictures()
  /** Whether the last face drawn was rasterised: then the next one's pixels are asked for with its SVG. */
  let rasterisedLast = true
  const salt = createHash('sha256')
    .update(id)
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .update(encoderSource())
    .digest('hex')

  const draw = async (
    element: ReactNode,
    box: FaceBox,
    fonts: readonly LoadedFont[],
    dpi: number,
  ): Promise<DrawnFace> => {
    const start = performance.now()
    await register(fonts)
    const fontFamilies = [...new Set(fonts.map((f) => f.name))]
    // With takumi's default presets for HTML elements (a browser's, as satori has its own): the parity test shows them alike.
    const jsx = await fromJsx(element as never)
    const { node, images } = pictures(jsx.node)
    const layout = { fontFamilies, ...(jsx.css.length && { css: jsx.css }), ...(images.length && { images }) }
    const size = pixelSize(box, dpi)
    const pixelsNow = () => rawPixels(renderer, node, size, box, layout)
    // When the face before was rasterised, the pixels are asked for with the SVG, both on takumi's threads
    // (a thread draws one face at a time, and had waited for each call in turn). A face is not rasterised
    // when the store holds its picture already (stored by the SVG's hash: a build after an update that
    // changed the faces' keys, a face with errors drawn again): a run of those asks for none ahead.
    const early = rasterisedLast ? pixelsNow() : undefined
    early?.catch(() => undefined)
    rasterisedLast = false
    const svg = await renderer.renderSvg(node, { width: box.width, height: box.height, ...layout })
    const svgMs = performance.now() - start
    return {
      svg,
      picture: createHash('sha256').update(salt).update(`${size.width}\0`).update(svg).digest('hex').slice(0, 40),
      svgMs,
      rasterise: async () => {
        rasterisedLast = true
        const begun = performance.now()
        // Its time counts only what was left to wait for when the pixels were asked for early.
        const raw = await (early ?? pixelsNow())
        // Straight alpha, laid on white as it is encoded (as resvg draws on a white background).
        return { png: encodeRgbPng(raw, size.width, size.height), ms: performance.now() - begun }
      },
    }
  }
  return { name: 'takumi', id, label, draw }
}

/** takumi, or why it cannot load here (no prebuilt binary for this platform): then the run draws with satori + resvg. */
export const loadTakumi = async (): Promise<LoadedRenderer> => {
  try {
    const [takumi, helpers] = await Promise.all([import('@takumi-rs/core'), import('@takumi-rs/helpers/jsx')])
    // Loading the module loads the native binary; a renderer proves it works.
    new takumi.Renderer({})
    return {
      renderer: makeRenderer(
        takumi,
        helpers.fromJsx,
        packageVersions('@takumi-rs/core').join(' '),
        `takumi ${installedVersion('@takumi-rs/core')}`,
      ),
    }
  } catch (error) {
    return {
      unavailable: `takumi cannot load on this machine (${process.platform}-${process.arch}): ${String((error as Error)?.message ?? error).split('\n')[0]}`,
    }
  }
}
