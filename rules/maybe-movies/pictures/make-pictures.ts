/**
 * Makes the four pictures the Maybe Movies rules show (setup.webp, objective.webp, gameplay.webp,
 * trendsetter_tricks.webp) from the game's real card faces: sharp lays out the trimmed faces, satori draws the
 * labels with the project's own fonts (text as paths, no system fonts) and resvg rasterises them.
 *
 *   node bin/deckwright.js build maybe-movies --out /tmp/mm-out --dpi 150
 *   npx tsx rules/maybe-movies/pictures/make-pictures.ts [--faces folder] [--out folder] [setup objective …]
 *
 * The pictures go to the rules folder (rules/maybe-movies/) unless --out names another; names after the options
 * make only those pictures. The faces folder defaults to /tmp/mm-out/maybe-movies/faces and is built first when
 * it is not there. The numbers in the labels (sums, scores, counts) are worked out from the card files and the
 * game's parameters, so they follow the cards. The same faces give the same bytes.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Resvg } from '@resvg/resvg-js'
import { parse as parseCsv } from 'csv-parse/sync'
import * as fontkit from 'fontkit'
import yaml from 'js-yaml'
import { createElement as h, type CSSProperties, type ReactNode } from 'react'
import satori from 'satori'
import sharp, { type OverlayOptions } from 'sharp'
import game from '../game.ts'
import { CARD_SIZES } from '../../../src/engine/card-sizes.ts'
import { defaultRoles } from '../../../src/render/template/components/roles.ts'
import { baseFonts, loadFont } from '../../../src/render/fonts/fonts.ts'
import { iconDataUri } from '../../../src/render/fonts/icons.ts'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '../../..')
const args = process.argv.slice(2)
const option = (name: string): string | undefined => {
  const i = args.indexOf(name)
  return i >= 0 ? (args[i + 1] ?? fail(`${name} needs a folder`)) : undefined
}
const outDir = resolve(option('--out') ?? resolve(here, '..'))
const facesDir = resolve(option('--faces') ?? '/tmp/mm-out/maybe-movies/faces')
/** Names of pictures to make (setup, objective, gameplay, trendsetter_tricks); all without. */
const only = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'))

/** The faces are built at this resolution with the default bleed. */
const DPI = 150
const BLEED_MM = 3
const WIDTH = 1400

if (!existsSync(join(facesDir, 'movie.back.png'))) {
  const out = resolve(facesDir, '../..')
  console.log(`no faces in ${facesDir}: building them into ${out}`)
  execFileSync(process.execPath, [join(root, 'bin/deckwright.js'), 'build', 'maybe-movies', '--out', out, '--dpi', String(DPI)], { cwd: root, stdio: 'inherit' })
}

// ---------------------------------------------------------------- the cards' data

type GenreId = 'action' | 'comedy' | 'horror' | 'romance' | 'scifi'
interface Movie { id: string; title: string; genres: GenreId[]; budget: number; profit: number }
interface Vote { id: string; vote: 'YES' | 'NO'; value: number; genre: GenreId }

const movies = new Map(
  (yaml.load(readFileSync(join(root, 'cards/maybe-movies/movies.yaml'), 'utf8')) as { cards: Movie[] }).cards.map((m) => [m.id, m]),
)
const votes = new Map(
  (parseCsv(readFileSync(join(root, 'cards/maybe-movies/votes.csv'), 'utf8'), { columns: true }) as Record<string, string>[]).map((r) => [
    r['id']!,
    { id: r['id']!, vote: r['vote'] as Vote['vote'], value: Number(r['value']), genre: r['genre'] as GenreId },
  ]),
)
const movie = (id: string): Movie => movies.get(id) ?? fail(`no Movie Card ${id} in cards/maybe-movies/movies.yaml`)
const vote = (id: string): Vote => votes.get(id) ?? fail(`no Vote ${id} in cards/maybe-movies/votes.csv`)
const genres = game.vocabularies!['genres']! as Record<GenreId, { label: string; icon: string; color: string }>
const { wildcardIcons, trendFactor } = game.params as { wildcardIcons: number; trendFactor: number }

function fail(message: string): never {
  throw new Error(message)
}

// ---------------------------------------------------------------- look

const GREEN = defaultRoles.green.color
const ORANGE = defaultRoles.orange.color
const RED = defaultRoles.red.color
const INK = '#2a2522'
const MUTED = '#6b625a'
const TABLE = '#f2ede4'
const GOLD = '#e2b53e'

const loaded = [baseFonts.body, baseFonts.bodyBold, baseFonts.heading].map((spec) => loadFont(spec))
const fonts = loaded.map((f) => ({ name: f.name, data: f.data, weight: f.weight, style: f.style }))
/** The fonts are Fontsource's Latin subsets: no ≥ or arrows, which satori would draw as a box. */
const glyphs = loaded.map((f) => fontkit.create(f.data) as unknown as { hasGlyphForCodePoint(codePoint: number): boolean })
const checkGlyphs = (value: string): string => {
  const missing = [...value].filter((c) => c.trim() && !glyphs.every((g) => g.hasGlyphForCodePoint(c.codePointAt(0)!)))
  if (missing.length) fail(`the label "${value}" has characters the fonts lack: ${[...new Set(missing)].join(' ')}`)
  return value
}

// ---------------------------------------------------------------- card faces

type Deck = 'movie' | 'vote'
const deckOf = (id: string): Deck => (id.startsWith('movie') ? 'movie' : 'vote')
const sizeOf = (deck: Deck) => (deck === 'movie' ? CARD_SIZES['poker']! : CARD_SIZES['mini']!)
/** Height of a card of this deck drawn `w` pixels wide. */
const heightOf = (deck: Deck, w: number) => Math.round((w * sizeOf(deck).heightMm) / sizeOf(deck).widthMm)

/**
 * Where the number discs of a Movie Card are, as shares of its trimmed width and height (templates/maybe-movies:
 * the Budget disc top left of the orange half, the Profit disc the same on the green half, turned 180°).
 */
const DISC = { x: 0.157, y: 0.248, size: 0.22 }

const trimmed = new Map<string, Promise<Buffer>>()
/** A face trimmed of its bleed, `w` pixels wide, its corners rounded (3 mm) on a transparent ground. */
const face = (file: string, deck: Deck, w: number): Promise<Buffer> => {
  const key = `${file}@${w}`
  let done = trimmed.get(key)
  if (!done) {
    done = (async () => {
      const path = join(facesDir, file)
      if (!existsSync(path)) fail(`no face ${path}: build the faces first`)
      const meta = await sharp(path).metadata()
      const size = sizeOf(deck)
      const pxPerMm = DPI / 25.4
      const expected = Math.round((size.widthMm + 2 * BLEED_MM) * pxPerMm)
      if (Math.abs(meta.width - expected) > 2) fail(`${file} is ${meta.width} px wide, not ${expected}: build the faces at --dpi ${DPI} with the default bleed`)
      const tw = Math.round(size.widthMm * pxPerMm)
      const th = Math.round(size.heightMm * pxPerMm)
      const cut = await sharp(path)
        .extract({ left: Math.round((meta.width - tw) / 2), top: Math.round((meta.height - th) / 2), width: tw, height: th })
        .toBuffer()
      const hh = heightOf(deck, w)
      const r = ((3 * w) / size.widthMm).toFixed(2)
      const mask = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${hh}"><rect width="${w}" height="${hh}" rx="${r}" ry="${r}"/></svg>`)
      return sharp(cut).resize(w, hh).ensureAlpha().composite([{ input: mask, blend: 'dest-in' }]).png().toBuffer()
    })()
    trimmed.set(key, done)
  }
  return done
}

interface CardPlacement {
  /** Centre of the card. */
  x: number
  y: number
  w: number
  /** Degrees clockwise. */
  angle?: number
  /** Turned 180°: a Movie Card's green half up. */
  turned?: boolean
  /** The deck's back instead of the face. */
  back?: boolean
  /** Shadow strength (0 for none). */
  shadow?: number
}

// ---------------------------------------------------------------- labels and arrows

type Anchor = 'start' | 'center' | 'end'
const FAR = 4000
/** A node placed with its anchor point at (x, y). */
const at = (x: number, y: number, node: ReactNode, ax: Anchor = 'center', ay: Anchor = 'center'): ReactNode => {
  const justify = { start: 'flex-start', center: 'center', end: 'flex-end' } as const
  return h(
    'div',
    {
      style: {
        position: 'absolute',
        display: 'flex',
        left: ax === 'start' ? x : ax === 'center' ? x - FAR / 2 : x - FAR,
        top: ay === 'start' ? y : ay === 'center' ? y - FAR / 2 : y - FAR,
        width: FAR,
        height: FAR,
        justifyContent: justify[ax],
        alignItems: justify[ay],
      },
    },
    node,
  )
}

const row = (style: CSSProperties, ...children: ReactNode[]): ReactNode => h('div', { style: { display: 'flex', alignItems: 'center', ...style } }, ...children)
const column = (style: CSSProperties, ...children: ReactNode[]): ReactNode => h('div', { style: { display: 'flex', flexDirection: 'column', ...style } }, ...children)
const text = (value: string, style: CSSProperties = {}): ReactNode => h('div', { style: { display: 'flex', ...style } }, checkGlyphs(value))

/** A genre's icon in a white disc, as on the cards. */
const genreIcon = (genre: GenreId, size: number, ring?: string): ReactNode =>
  row(
    { width: size, height: size, borderRadius: size / 2, background: '#ffffff', justifyContent: 'center', border: ring ? `${Math.round(size * 0.06)}px solid ${ring}` : undefined, flexShrink: 0 },
    h('img', { src: iconDataUri(genres[genre].icon, genres[genre].color), width: Math.round(size * 0.72), height: Math.round(size * 0.72) }),
  )

/** A rounded label: white text on a colour, or coloured text on white. */
const chip = (content: ReactNode[] | string, size: number, fill: string, options: { ink?: string; border?: string; padX?: number } = {}): ReactNode =>
  row(
    {
      background: fill,
      color: options.ink ?? '#ffffff',
      border: options.border ? `${Math.max(2, Math.round(size * 0.08))}px solid ${options.border}` : undefined,
      borderRadius: size,
      padding: `${Math.round(size * 0.22)}px ${Math.round(options.padX ?? size * 0.55)}px`,
      fontFamily: 'Inter',
      fontWeight: 700,
      fontSize: size,
      lineHeight: 1.15,
      gap: Math.round(size * 0.3),
      boxShadow: '0 2px 4px rgba(0,0,0,0.18)',
    },
    ...(typeof content === 'string' ? [text(content)] : content),
  )

/** A title in the booklet's heading font. */
const heading = (value: string, size: number, color = INK): ReactNode => text(value, { fontFamily: 'Bitter', fontWeight: 700, fontSize: size, color, letterSpacing: size * 0.02 })

/** A numbered step badge with its name. */
const step = (n: number, name: string, size: number): ReactNode =>
  row(
    { gap: Math.round(size * 0.35) },
    row({ width: size * 1.35, height: size * 1.35, borderRadius: size, background: INK, color: '#ffffff', justifyContent: 'center', fontFamily: 'Bitter', fontWeight: 700, fontSize: size }, text(String(n))),
    heading(name, size),
  )

interface Arrow {
  from: [number, number]
  to: [number, number]
  /** Control point of a quadratic curve; a straight line without. */
  via?: [number, number]
  color: string
  width: number
}

const arrowSvg = (a: Arrow): string => {
  const [x0, y0] = a.from
  const [x1, y1] = a.to
  const [cx, cy] = a.via ?? [(x0 + x1) / 2, (y0 + y1) / 2]
  const len = Math.hypot(x1 - cx, y1 - cy) || 1
  const ux = (x1 - cx) / len
  const uy = (y1 - cy) / len
  const head = a.width * 3.6
  // The line stops inside the head, so its square end does not poke through the point.
  const ex = x1 - ux * head * 0.6
  const ey = y1 - uy * head * 0.6
  const left = [x1 - ux * head - uy * head * 0.6, y1 - uy * head + ux * head * 0.6]
  const right = [x1 - ux * head + uy * head * 0.6, y1 - uy * head - ux * head * 0.6]
  const f = (n: number) => n.toFixed(1)
  const line = `M${f(x0)} ${f(y0)} Q${f(cx)} ${f(cy)} ${f(ex)} ${f(ey)}`
  const tip = `M${f(x1)} ${f(y1)} L${f(left[0]!)} ${f(left[1]!)} L${f(right[0]!)} ${f(right[1]!)} Z`
  // A halo of the table's colour first, so that an arrow shows on a card of its own colour too.
  const halo = a.width * 0.9
  return (
    `<g stroke="${TABLE}" stroke-linecap="round" stroke-linejoin="round"><path d="${line}" fill="none" stroke-width="${f(a.width + 2 * halo)}"/><path d="${tip}" fill="${TABLE}" stroke-width="${f(a.width * 0.5 + 2 * halo)}"/></g>` +
    `<path d="${line}" fill="none" stroke="${a.color}" stroke-width="${a.width}" stroke-linecap="round"/>` +
    `<path d="${tip}" fill="${a.color}" stroke="${a.color}" stroke-width="${f(a.width * 0.5)}" stroke-linejoin="round"/>`
  )
}

// ---------------------------------------------------------------- a picture

class Picture {
  private cards: { id: string; placement: CardPlacement }[] = []
  private nodes: ReactNode[] = []
  private shapes: string[] = []
  private under: string[] = []

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  /** A card face (or its deck's back) at its centre; later cards lie on earlier ones. */
  card(id: string, placement: CardPlacement): this {
    this.cards.push({ id, placement })
    return this
  }

  /** A label or other satori node (see `at`), drawn over the cards. */
  label(node: ReactNode): this {
    this.nodes.push(node)
    return this
  }

  arrow(a: Arrow): this {
    this.shapes.push(arrowSvg(a))
    return this
  }

  /** Raw SVG drawn over the cards, under the labels (rings, brackets). */
  svg(markup: string): this {
    this.shapes.push(markup)
    return this
  }

  /** Raw SVG drawn on the table, under the cards (zones, outlines). */
  ground(markup: string): this {
    this.under.push(markup)
    return this
  }

  private async placed(id: string, p: CardPlacement): Promise<OverlayOptions[]> {
    const deck = deckOf(id)
    const file = p.back ? `${deck}.back.png` : `${id}.front.png`
    const w = p.w
    const hh = heightOf(deck, w)
    let image = await face(file, deck, w)
    if (p.turned) image = await sharp(image).rotate(180).png().toBuffer()
    const strength = p.shadow ?? 0.32
    const blur = Math.max(2, Math.round(w * 0.025))
    const pad = blur * 3 + 8
    const r = ((3 * w) / sizeOf(deck).widthMm).toFixed(2)
    const shadowSvg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w + 2 * pad}" height="${hh + 2 * pad}"><rect x="${pad}" y="${pad + Math.round(blur * 0.6)}" width="${w}" height="${hh}" rx="${r}" fill="#000" fill-opacity="${strength}"/></svg>`,
    )
    const layers: OverlayOptions[] = []
    if (strength > 0) layers.push({ input: await sharp(shadowSvg).blur(blur).png().toBuffer(), left: 0, top: 0 })
    layers.push({ input: image, left: pad, top: pad })
    let tile = await sharp({ create: { width: w + 2 * pad, height: hh + 2 * pad, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite(layers)
      .png()
      .toBuffer()
    if (p.angle) tile = await sharp(tile).rotate(p.angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer()
    const meta = await sharp(tile).metadata()
    return [{ input: tile, left: Math.round(p.x - meta.width / 2), top: Math.round(p.y - meta.height / 2) }]
  }

  private async overlay(): Promise<Buffer> {
    const svg = await satori(h('div', { style: { display: 'flex', position: 'relative', width: this.width, height: this.height } }, ...this.nodes) as never, {
      width: this.width,
      height: this.height,
      fonts,
    })
    return new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng()
  }

  private rasterise(markup: string[]): Buffer {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}">${markup.join('')}</svg>`
    return new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng()
  }

  async write(file: string): Promise<void> {
    const table = `<rect x="0" y="0" width="${this.width}" height="${this.height}" rx="36" fill="${TABLE}"/>`
    const layers: OverlayOptions[] = [{ input: this.rasterise([table, ...this.under]), left: 0, top: 0 }]
    for (const { id, placement } of this.cards) layers.push(...(await this.placed(id, placement)))
    if (this.shapes.length) layers.push({ input: this.rasterise(this.shapes), left: 0, top: 0 })
    if (this.nodes.length) layers.push({ input: await this.overlay(), left: 0, top: 0 })
    const out = await sharp({ create: { width: this.width, height: this.height, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } } })
      .composite(layers)
      .webp({ quality: 80, alphaQuality: 90, effort: 6, smartSubsample: true })
      .toBuffer()
    mkdirSync(outDir, { recursive: true })
    writeFileSync(join(outDir, file), out)
    console.log(`${file}: ${this.width}×${this.height}, ${(out.length / 1024).toFixed(1)} KB`)
  }
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0')
const ring = (x: number, y: number, r: number, color: string, width: number) =>
  `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="none" stroke="${color}" stroke-width="${width}"/>`

/** Where a Movie Card's Budget or Profit disc is, for a card at (x, y), `w` wide, lying orange half up unless turned. */
const discAt = (x: number, y: number, w: number, which: 'budget' | 'profit', turned = false): { x: number; y: number; r: number } => {
  const hh = heightOf('movie', w)
  const top = (which === 'budget') !== turned
  const dx = (DISC.x - 0.5) * w
  const dy = (DISC.y - 0.5) * hh
  return { x: top ? x + dx : x - dx, y: top ? y + dy : y - dy, r: (DISC.size * w) / 2 }
}

// ---------------------------------------------------------------- Setup

/** The Movie deck with a market of 6 faceup Movie Cards, a hand of 10 Votes fanned and the faceup draw pool. */
const setup = async () => {
  const big = 58
  const mw = 260
  const mh = heightOf('movie', mw)
  const gap = 24
  const sectionTop = 150 + 2 * mh + gap + 80
  const labelY = sectionTop + 470
  const p = new Picture(WIDTH, labelY + 140)
  const left = Math.round((WIDTH - (mw + 84 + 3 * mw + 2 * gap)) / 2)
  const deckX = left + mw / 2
  const marketX = (i: number) => left + mw + 84 + mw / 2 + i * (mw + gap)
  const rowY = [150 + mh / 2, 150 + mh + gap + mh / 2]
  const deckY = (rowY[0]! + rowY[1]!) / 2 - 30
  for (let i = 0; i < 5; i++) p.card('movie', { x: deckX + (4 - i) * 3, y: deckY + (4 - i) * 4, w: mw, back: true, shadow: i === 0 ? 0.32 : 0 })
  const market = ['movie-comedy-3', 'movie-action-2', 'movie-horror-5', 'movie-romance-4', 'movie-action-scifi', 'movie-horror-1']
  if (market.length !== game.params['marketSize']) fail(`the market holds ${String(game.params['marketSize'])} Movie Cards`)
  market.forEach((id, i) => p.card(id, { x: marketX(i % 3), y: rowY[Math.floor(i / 3)]!, w: mw }))
  p.label(at(marketX(1), 88, heading(`Market: ${market.length} faceup`, big)))
  p.label(at(deckX, deckY + mh / 2 + 40, column({ alignItems: 'center' }, heading('Movie', big), heading('deck', big)), 'center', 'start'))

  // A hand of 10 secret Votes, fanned around a point below it.
  const hand = ['yes-action-2', 'no-comedy-1', 'yes-horror-1', 'yes-romance-3', 'no-scifi-2', 'yes-comedy-2', 'no-horror-3', 'yes-scifi-1', 'no-action-1', 'yes-horror-2']
  const { yesVotesPerPlayer, noVotesPerPlayer, poolVotesPerPlayer } = game.params as Record<string, number>
  if (hand.length !== yesVotesPerPlayer! + noVotesPerPlayer!) fail(`a hand holds ${yesVotesPerPlayer! + noVotesPerPlayer!} Votes`)
  const vw = 186
  const vh = heightOf('vote', vw)
  const fanX = 410
  const radius = 560
  const pivotY = sectionTop + 40 + vh / 2 + radius
  const spread = 5.4
  hand.forEach((id, i) => {
    const angle = (i - (hand.length - 1) / 2) * spread
    const rad = (angle * Math.PI) / 180
    p.card(id, { x: fanX + radius * Math.sin(rad), y: pivotY - radius * Math.cos(rad), w: vw, angle, shadow: 0.25 })
  })
  p.label(at(fanX, labelY, heading(`Your hand: ${hand.length} secret Votes`, big), 'center', 'start'))

  // The draw pool: Votes lying faceup in a loose heap.
  const pool = ['no-romance-2', 'yes-scifi-2', 'yes-comedy-1', 'no-horror-1', 'yes-action-3', 'no-comedy-2', 'yes-romance-1', 'no-scifi-1', 'yes-horror-3']
  const pw = 136
  const tilt = [-7, 4, -3, 6, -5, 2, 5, -4, 3]
  const poolX = 1090
  pool.forEach((id, i) => {
    const c = i % 3
    const r = Math.floor(i / 3)
    p.card(id, { x: poolX + (c - 1) * 146 + (r % 2 ? 12 : -8), y: sectionTop + 100 + r * 112 + (c === 1 ? 10 : 0), w: pw, angle: tilt[i], shadow: 0.25 })
  })
  p.label(at(poolX, labelY, column({ alignItems: 'center' }, heading('Draw pool', big), text(`${poolVotesPerPlayer} per player, faceup`, { fontFamily: 'Inter', fontWeight: 700, fontSize: big * 0.7, color: MUTED })), 'center', 'start'))
  await p.write('setup.webp')
}

// ---------------------------------------------------------------- Objective

/**
 * A row of Movies Made, a player's won Votes and what each scores. Wide rather than tall: it stands beside the
 * text, and a taller picture pushes the Objective off the Setup's page.
 */
const objective = async () => {
  const p = new Picture(WIDTH, 990)
  const big = 56
  const made = ['movie-horror-3', 'movie-action-comedy', 'movie-scifi-2', 'movie-comedy-horror']
  const won = ['yes-horror-1', 'no-comedy-2', 'yes-action-3', 'yes-horror-2', 'no-romance-1']
  const count = (g: GenreId) => made.filter((id) => movie(id).genres.includes(g)).length

  const mw = 240
  const mh = heightOf('movie', mw)
  const mgap = 36
  const mLeft = (WIDTH - (4 * mw + 3 * mgap)) / 2
  const movieTop = 104
  made.forEach((id, i) => p.card(id, { x: mLeft + mw / 2 + i * (mw + mgap), y: movieTop + mh / 2, w: mw }))
  p.label(at(WIDTH / 2, 58, heading('Movies Made (shared)', big)))

  // How often each icon shows on the Movies Made.
  const tallyY = movieTop + mh + 52
  const order: GenreId[] = ['action', 'comedy', 'horror', 'romance', 'scifi']
  const none = '#a39a90'
  p.label(
    at(
      WIDTH / 2,
      tallyY,
      row({ gap: 26 }, ...order.map((g) => row({ gap: 10, fontFamily: 'Inter', fontWeight: 700, fontSize: 50, color: count(g) ? INK : none }, genreIcon(g, 60, count(g) ? undefined : '#d6cfc4'), text(`×${count(g)}`)))),
    ),
  )

  // The won Votes: each scores 1 for every Movie Made that shows its icon, whatever its value; the sum beside.
  const vw = 180
  const vh = heightOf('vote', vw)
  const vgap = 50
  const vLeft = 80
  const vx = (i: number) => vLeft + vw / 2 + i * (vw + vgap)
  const headY = tallyY + 82
  const voteTop = headY + 40
  const chipY = voteTop + vh + 46
  p.label(at(vx(2), headY, heading('Your won Votes', big)))
  const scores = won.map((id) => count(vote(id).genre))
  won.forEach((id, i) => {
    p.card(id, { x: vx(i), y: voteTop + vh / 2, w: vw })
    p.label(at(vx(i), chipY, chip(String(scores[i]), 48, scores[i] ? GREEN : none, { padX: 28 })))
    if (i) p.label(at(vx(i) - (vw + vgap) / 2, chipY, heading('+', 56)))
  })
  const totalX = vx(won.length - 1) + vw / 2 + 24
  p.label(at(totalX, chipY, heading(`= ${sum(scores)}`, 72), 'start'))
  p.label(at(totalX + 6, chipY - 70, text('score', { fontFamily: 'Inter', fontWeight: 700, fontSize: 40, color: MUTED }), 'start', 'end'))
  await p.write('objective.webp')
}

// ---------------------------------------------------------------- Gameplay

/** A round: a pitch of 3 Movie Cards, its Budget and Profit, the Votes revealed and counted, the outcome. */
const gameplay = async () => {
  const p = new Picture(WIDTH, 950)
  const pitch = ['movie-horror-1', 'movie-comedy-horror', 'movie-comedy-1']
  const cast = ['yes-horror-3', 'no-comedy-1', 'yes-action-2', 'yes-comedy-2']
  const label = 36
  const stepSize = 40
  const left = 60

  // 1: the pitch, its Budget and Profit.
  const mw = 200
  const mh = heightOf('movie', mw)
  const mgap = 18
  const pitchTop = 100
  const px = (i: number) => left + mw / 2 + i * (mw + mgap)
  const py = pitchTop + mh / 2
  pitch.forEach((id, i) => p.card(id, { x: px(i), y: py, w: mw }))
  p.label(at(40, 50, step(1, 'Pitch a movie', stepSize), 'start'))
  const budgets = pitch.map((id) => movie(id).budget)
  const profits = pitch.map((id) => movie(id).profit)
  const budget = sum(budgets)
  const profit = sum(profits)
  const sumsX = left + 3 * mw + 2 * mgap + 50
  for (const [which, values, total, fill] of [['budget', budgets, budget, ORANGE], ['profit', profits, profit, GREEN]] as const) {
    const discs = pitch.map((_, i) => discAt(px(i), py, mw, which))
    for (const d of discs) p.svg(ring(d.x, d.y, d.r + 5, GOLD, 6))
    const name = which === 'budget' ? 'Budget' : 'Profit'
    p.label(at(sumsX, discs[0]!.y, row({ gap: 18 }, chip(`${name} ${values.join(' + ')} = ${total}`, label, fill), text(which === 'budget' ? 'orange, top' : 'green, bottom', { fontFamily: 'Inter', fontWeight: 700, fontSize: 28, color: MUTED })), 'start'))
  }

  // 2: the Votes revealed; 3: counted per icon.
  const vw = 150
  const vh = heightOf('vote', vw)
  const vgap = 18
  const voteTop = pitchTop + mh + 110
  cast.forEach((id, i) => p.card(id, { x: left + vw / 2 + i * (vw + vgap), y: voteTop + vh / 2, w: vw }))
  p.label(at(40, voteTop - 50, step(2, 'Everyone votes', stepSize), 'start'))

  const pitched = new Set(pitch.flatMap((id) => movie(id).genres))
  const totals = new Map<GenreId, number[]>()
  for (const id of cast) {
    const v = vote(id)
    totals.set(v.genre, [...(totals.get(v.genre) ?? []), v.vote === 'YES' ? v.value : -v.value])
  }
  const lines: ReactNode[] = []
  let counted = 0
  for (const [g, parts] of totals) {
    const total = sum(parts)
    const shown = parts.length > 1 ? `${parts.map(signed).join(' ')} = ${signed(total)}` : signed(total)
    const value = pitched.has(g) ? total : total > 0 ? Math.floor(total / wildcardIcons) : 0
    const note = pitched.has(g) ? shown : `${shown} = ${value} wildcard${value === 1 ? '' : 's'}`
    counted += value
    lines.push(row({ gap: 14, fontFamily: 'Inter', fontWeight: 700, fontSize: 34, color: INK }, genreIcon(g, 46, '#d6cfc4'), text(`${genres[g].label} ${note}`)))
  }
  const success = counted >= budget
  if (!success) fail('the gameplay picture tells of a pitch that succeeds: pick other cards')
  lines.push(row({ fontFamily: 'Inter', fontWeight: 700, fontSize: 34, color: INK, marginTop: 4 }, text(`Total ${counted}: the Budget of ${budget} is met`)))
  const countX = sumsX
  p.label(at(countX, voteTop - 50, step(3, 'Count', stepSize), 'start'))
  p.label(at(countX, voteTop - 8, column({ gap: 10 }, ...lines), 'start', 'start'))

  // 4: the outcome, success and (had it failed) fail.
  const outcomeY = voteTop + vh + 84
  const small = { fontFamily: 'Inter', fontWeight: 700, fontSize: 31, color: INK } as const
  const cast_ = cast.length
  p.label(
    at(
      40,
      outcomeY,
      row(
        { gap: 22 },
        chip('SUCCESS!', 38, GREEN),
        column({ gap: 2 }, text(`Grab ${profit} Votes (these ${cast_} + ${profit - cast_} from the pool) and share them`, small), text('among the YES-voters; 1 card goes to the Movies Made.', small)),
      ),
      'start',
    ),
  )
  p.label(at(40, outcomeY + 92, row({ gap: 22 }, chip('Had it failed:', 30, '#ffffff', { ink: RED, border: RED }), text('every NO-voter wins their own Vote.', { ...small, color: MUTED })), 'start'))
  await p.write('gameplay.webp')
}

// ---------------------------------------------------------------- Trendsetter Tricks

/** Movies Made as stacks (a hit, a flop), a new pitch whose matching icons double a Profit and a Budget. */
const trendsetter = async () => {
  const p = new Picture(WIDTH, 900)
  const label = 34
  const stacks = [
    { top: 'movie-horror-2', under: 'movie-romance-2', hit: true },
    { top: 'movie-scifi-4', under: 'movie-action-1', hit: false },
  ]
  const sw = 200
  const sh = heightOf('movie', sw)
  const sx = (i: number) => 150 + i * 260
  const sy = 110 + sh / 2
  p.label(at(40, 52, heading('Movies Made', 42), 'start'))
  stacks.forEach((s, i) => {
    p.card(s.under, { x: sx(i) + 7, y: sy + 8, w: sw, turned: s.hit, angle: 2 })
    p.card(s.top, { x: sx(i), y: sy, w: sw, turned: s.hit })
    p.label(at(sx(i), sy + sh / 2 + 40, chip(s.hit ? 'Hit: green up' : 'Flop: orange up', 30, s.hit ? GREEN : ORANGE), 'center'))
  })
  // Where this pitch goes at the end of the round.
  const slotX = sx(2)
  const r = ((3 * sw) / CARD_SIZES['poker']!.widthMm).toFixed(1)
  p.ground(`<rect x="${slotX - sw / 2}" y="${sy - sh / 2}" width="${sw}" height="${sh}" rx="${r}" fill="none" stroke="#a89f94" stroke-width="4" stroke-dasharray="14 10"/>`)
  p.label(at(slotX, sy, column({ alignItems: 'center', fontFamily: 'Inter', fontWeight: 700, fontSize: 28, color: '#9a9088' }, text('this'), text('movie'))))
  const noteX = slotX + sw / 2 + 50
  p.label(
    at(
      noteX,
      sy - sh / 2 + 10,
      column(
        { gap: 10, width: WIDTH - noteX - 40 },
        heading('End of the round', 40),
        text('The pitch becomes one stack, any card on top: green side up if it succeeded, orange side up if it failed.', { fontFamily: 'Inter', fontWeight: 400, fontSize: 33, color: INK, lineHeight: 1.3 }),
      ),
      'start',
      'start',
    ),
  )

  // The new pitch, each card under the stack it follows.
  const pitch = ['movie-horror-5', 'movie-action-scifi']
  const pw = 220
  const ph = heightOf('movie', pw)
  const pitchTop = sy + sh / 2 + 110
  const py = pitchTop + ph / 2
  const trend = new Map<GenreId, boolean>()
  for (const s of stacks) for (const g of movie(s.top).genres) trend.set(g, s.hit)
  const budgets: number[] = []
  const profits: number[] = []
  const notes: ReactNode[] = []
  pitch.forEach((id, i) => {
    const m = movie(id)
    const x = sx(i)
    p.card(id, { x, y: py, w: pw })
    const hits = m.genres.filter((g) => trend.get(g) === true)
    const flops = m.genres.filter((g) => trend.get(g) === false)
    budgets.push(flops.length ? m.budget * trendFactor : m.budget)
    profits.push(hits.length ? m.profit * trendFactor : m.profit)
    for (const [which, matched, base, color] of [['profit', hits, m.profit, GREEN], ['budget', flops, m.budget, ORANGE]] as const) {
      if (!matched.length) continue
      const g = matched[0]!
      const d = discAt(x, py, pw, which)
      p.svg(ring(d.x, d.y, d.r + 6, GOLD, 7))
      p.label(at(d.x + d.r * 0.95, d.y - d.r * 0.95, chip(`×${trendFactor}`, 28, GOLD, { ink: INK, padX: 12 })))
      const from = stacks.findIndex((s) => movie(s.top).genres.includes(g))
      p.arrow({ from: [sx(from), sy + sh / 2 + 68], to: [x, pitchTop - 12], color, width: 7 })
      notes.push(
        row(
          { gap: 14, fontFamily: 'Inter', fontWeight: 700, fontSize: label, color: INK },
          genreIcon(g, 50, color),
          text(`${genres[g].label} was a ${which === 'profit' ? 'hit' : 'flop'}:`),
          chip(`${which === 'profit' ? 'Profit' : 'Budget'} ${base} × ${trendFactor} = ${base * trendFactor}`, label, color),
        ),
      )
    }
  })
  if (!notes.length) fail('the trendsetter picture needs a pitched card that matches a Previous Movie')
  const notesX = sx(1) + pw / 2 + 90
  p.label(
    at(
      notesX,
      py + 10,
      column(
        { gap: 18 },
        heading('New pitch', 40),
        ...notes,
        text(`Budget ${budgets.join(' + ')} = ${sum(budgets)}, Profit ${profits.join(' + ')} = ${sum(profits)}`, { fontFamily: 'Inter', fontWeight: 700, fontSize: 30, color: MUTED, marginTop: 4 }),
      ),
      'start',
    ),
  )
  await p.write('trendsetter_tricks.webp')
}

const makers: Record<string, () => Promise<void>> = { setup, objective, gameplay, trendsetter_tricks: trendsetter }
for (const [name, make] of Object.entries(makers)) if (!only.length || only.includes(name)) await make()
