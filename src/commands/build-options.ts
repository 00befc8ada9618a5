// The options of deckwright build, in the order its help lists them, and what they ask of a build.
import { Option } from './commander.ts'
import type { BuildOptions } from '../make/build-game.ts'
import type { FormatName } from '../diagnostics/formatters/index.ts'
import type { RendererName } from '../render/renderers/renderer.ts'
import { DEFAULT_CARD_GSM, MM_PER_GSM, cardThicknessMm } from '../print/card-thickness.ts'
import {
  drawingJobsOption,
  duplexOption,
  formatOption,
  intArg,
  langOption,
  listArg,
  maxImagePixelsOption,
  mmArg,
  type Offset,
  offsetArg,
  outDirOption,
  paperOption,
  rendererOption,
  timeoutOption,
  ttsUrlArg,
} from './options.ts'

export interface BuildFlags {
  out: string
  paper: 'a4' | 'letter'
  landscape?: boolean
  duplex: 'long-edge' | 'short-edge' | 'none'
  designerNotes?: boolean
  fold?: boolean
  /** None when not given on the command line: the library's default (3 mm), which the sheets' notes do not question. */
  bleed?: number
  gap: number
  printerMargin: number
  backOffset?: Offset
  cornerRadius?: number
  onlyType?: string[]
  cards?: string[]
  single?: boolean
  tuckBox?: boolean
  cardGsm: number
  cardThickness?: number
  dpi: number
  inkFriendly?: boolean
  maxImagePixels?: number
  preset?: 'tgc' | 'mpc' | 'dtc' | 'pdfx4'
  icc?: string
  stamp?: boolean
  overview: boolean
  tts?: boolean
  ttsUrl?: string
  sets?: string[]
  lang?: string[]
  jobs?: number
  renderer: RendererName
  timeout?: number
  only?: 'faces' | 'sheets' | 'booklet'
  cache: boolean
  watch?: boolean
  format: FormatName
}

/** What to print and on which paper: the output folder, the sheets, the cards. */
const sheetOptions = (): Option[] => [
  outDirOption(),
  paperOption(),
  new Option('--landscape', 'landscape print sheets (a card size that fits more cards the other way turns on its own)'),
  duplexOption(),
  new Option(
    '--designer-notes',
    'add what the last `deckwright simulate` found (out/<game>/simulation/report.json) to the rules booklet, as an appendix',
  ),
  new Option('--fold', 'fronts and backs side by side on each page, to fold over instead of printing double-sided'),
  new Option('--bleed <mm>', 'bleed around each face').argParser(mmArg).default(3),
  new Option('--gap <mm>', 'gutter between cards on the sheets').argParser(mmArg).default(0),
  new Option('--printer-margin <mm>', 'border your printer cannot print; 0 packs the densest grid regardless')
    .argParser(mmArg)
    .default(5),
  new Option(
    '--back-offset <x,y>',
    'move the backs by X,Y mm to make up for your printer (see deckwright calibrate)',
  ).argParser(offsetArg),
  new Option('--corner-radius <mm>', 'draw rounded-corner cut guides of this radius').argParser(mmArg),
  new Option('--only-type <types>', 'only the cards of these types, e.g. mission,vote').argParser(listArg),
  new Option('--cards <ids>', 'only these cards (each qty times), e.g. mission-01,mission-02').argParser(listArg),
  new Option(
    '--single',
    'also write <game>-cards-single.pdf: one page per face, trim plus bleed, with TrimBox and BleedBox',
  ),
  new Option(
    '--tuck-box',
    'also write <game>-tuck-boxes.pdf: a tuck box to cut and fold for each deck, sized to its cards, on --paper',
  ),
  ...cardThicknessOptions(),
]

/** How thick a card is, for the tuck boxes (build --tuck-box, release). */
export const cardThicknessOptions = (): Option[] => [
  new Option(
    '--card-gsm <gsm>',
    `the weight of the card stock, for the tuck boxes' depth: ${MM_PER_GSM * 1000} µm a gsm (300 gsm → ${cardThicknessMm(300).toFixed(2)} mm)`,
  )
    .argParser(intArg(1))
    .default(DEFAULT_CARD_GSM),
  new Option('--card-thickness <mm>', "a card's thickness, for the tuck boxes (instead of --card-gsm)").argParser(
    mmArg,
  ),
]

/** A card's thickness in millimetres, from --card-thickness or --card-gsm. */
export const cardThicknessFlag = (opts: { cardGsm: number; cardThickness?: number }): number =>
  opts.cardThickness || cardThicknessMm(opts.cardGsm)

/** How the faces are drawn and what else is made: resolution, outputs, languages, threads, the watch. */
const faceOptions = (): Option[] => [
  new Option('--dpi <dpi>', 'resolution of the PNG faces').argParser(intArg(10)).default(300),
  new Option('--ink-friendly', 'light, mostly white faces for home printers'),
  maxImagePixelsOption(),
  new Option(
    '--preset <service>',
    "faces at a print service's size, 300 dpi with its bleed: tgc (The Game Crafter, poker 825×1125 px), mpc (MakePlayingCards, 822×1122 px), or a CMYK PDF per deck besides (needs Ghostscript): dtc (DriveThruCards, PDF/X-1a) or pdfx4 (European printers, PDF/X-4)",
  ).choices(['tgc', 'mpc', 'dtc', 'pdfx4']),
  new Option(
    '--icc <file>',
    "your printer's CMYK ICC profile for the PDFs of --preset dtc or pdfx4 (default: Ghostscript's own CMYK profile)",
  ),
  new Option(
    '--stamp',
    "stamp the game's version (from its definition) and the card's revision (from its faces' pixels) in a corner of every front",
  ),
  new Option('--no-overview', 'skip <game>-overview.png, every face on one contact sheet'),
  new Option('--tts', 'also write Tabletop Simulator deck sheets and a saved object of every deck to <game>/tts/'),
  new Option(
    '--tts-url <base>',
    'the https address you upload the Tabletop Simulator sheets to, where the saved object finds them instead of on this machine; implies --tts',
  )
    .argParser(ttsUrlArg)
    .implies({ tts: true }),
  new Option('--sets <sets>', 'only the cards of these sets, e.g. base,identities').argParser(listArg),
  langOption(),
  drawingJobsOption(),
  rendererOption('satori'),
  timeoutOption(),
  new Option('--only <part>', 'build only the faces, the print sheets or the booklet').choices([
    'faces',
    'sheets',
    'booklet',
  ]),
  new Option('--no-cache', 'draw every face again instead of reusing those of earlier builds'),
  new Option('--watch', "build, then build again whenever the games' cards, rules or templates change (Ctrl-C stops)"),
  formatOption(),
]

export const buildOptions = (): Option[] => [...sheetOptions(), ...faceOptions()]

/** What a preview's build process asks of a game's build besides the flags: the cards it shows first, each face as stored. */
export type LiveOptions = Pick<BuildOptions, 'first' | 'stored' | 'languages' | 'signal' | 'write'>

/** What the flags ask of one game's build, with what the run gives it (its renderer, threads, progress). */
export const buildSettings = (
  opts: BuildFlags,
  outDir: string,
  run: Pick<BuildOptions, 'renderer' | 'progress' | 'threads'>,
  only = opts.only,
  live: LiveOptions = {},
): BuildOptions => ({
  outDir,
  ...(opts.lang && !opts.lang.includes('all') && { languages: opts.lang }),
  ...live,
  paper: opts.paper,
  dpi: opts.dpi,
  inkFriendly: opts.inkFriendly,
  maxImagePixels: opts.maxImagePixels,
  sets: opts.sets,
  onlyTypes: opts.onlyType,
  cardIds: opts.cards,
  singles: opts.single,
  ...(opts.tuckBox && { tuckBox: { cardThicknessMm: cardThicknessFlag(opts) } }),
  preset: opts.preset,
  icc: opts.icc,
  stamp: opts.stamp,
  overview: opts.overview,
  tts: opts.tts,
  ttsUrl: opts.ttsUrl,
  designerNotes: opts.designerNotes,
  bleedMm: opts.bleed,
  sheets: {
    landscape: opts.landscape,
    duplex: opts.duplex,
    fold: opts.fold,
    gapMm: opts.gap,
    printerMarginMm: opts.printerMargin,
    backOffsetMm: opts.backOffset,
    cornerRadiusMm: opts.cornerRadius,
  },
  jobs: opts.jobs,
  renderer: run.renderer,
  only,
  cache: opts.cache,
  progress: run.progress,
  threads: run.threads,
})
