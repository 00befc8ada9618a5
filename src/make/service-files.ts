// A build's print-service PDFs (--preset dtc, pdfx4): the game's drawn faces handed to the print stage as
// plain cards, the output profile and Ghostscript found, the PDFs made or taken from the outputs' cache.
import { join } from 'node:path'
import { diagnosticKey, type Diagnostic } from '../diagnostics/diagnostic.ts'
import type { GameDef } from '../engine/define.ts'
import { deckOf } from '../engine/decks.ts'
import { typeSize } from '../engine/card-sizes.ts'
import type { GameFaces } from '../render/store/game-faces.ts'
import { cachedOutput } from '../outputs/output-cache.ts'
import type { OutputBatch } from '../outputs/output-batch.ts'
import { presets, type PresetName, type ServicePdf } from '../outputs/presets.ts'
import { defaultCmykProfile, findGhostscript, GHOSTSCRIPT_MISSING, type Ghostscript } from '../print/ghostscript.ts'
import { readCmykProfile } from '../print/icc-profile.ts'
import { isWriteFailure } from '../util/write-failure.ts'
import { makeServicePdfs, serviceKey, type ServiceCard, type ServiceOptions } from '../print/service-pdfs.ts'

/** What the build knows of the files to make: its preset, the profile asked for, the game's faces and names. */
export interface ServiceFilesInput {
  preset: PresetName
  pdf: ServicePdf
  /** The designer's ICC output profile (`--icc`); none: Ghostscript's own CMYK profile. */
  icc?: string
  game: GameDef
  faces: GameFaces
  /** The game's output folder, the files' stem, the cards' language, the bleed, the game's cache. */
  dir: string
  stem: string
  lang: string
  bleedMm: number
  cacheDir: string
  /** The outputs' scratch folder (`<out>/.cache`), for Ghostscript's input. */
  scratch?: string
}

/** The game's cards and their faces as the print stage takes them. */
const serviceCards = (game: GameDef, faces: GameFaces): ServiceCard[] =>
  faces.cards.map(({ card, front, back }) => ({
    id: card.id,
    qty: card.qty,
    deck: deckOf(game, card.type),
    size: typeSize(game, card.type)!,
    front: { png: front.png, key: front.key },
    back: { png: faces.backs.get(back)!.png, key: faces.backs.get(back)!.key },
    ...(back === card.id && { ownBack: true }),
    at: { file: card.source.file, line: card.source.pos.line, column: card.source.pos.column },
  }))

/** What converts the faces: Ghostscript, and the output profile (its file and the intent it makes). */
export interface ServiceTools {
  gs: Ghostscript
  profile: ServiceOptions['profile']
}

/**
 * Ghostscript and the output profile (`icc`, as `named` on the command line; none: Ghostscript's own), or
 * the error that stops the PDFs: the command line says it before drawing anything, a build as its error.
 */
export const serviceTools = (icc?: string, named = icc): ServiceTools | { problem: Diagnostic } => {
  const problem = (rule: string, message: string) => ({
    problem: { rule, severity: 'error' as const, file: '', message },
  })
  const gs = findGhostscript()
  if (!gs) return problem('print/no-ghostscript', GHOSTSCRIPT_MISSING)
  const file = icc ?? defaultCmykProfile(gs)
  if (!file)
    return problem(
      'print/no-cmyk-profile',
      `Ghostscript ${gs.version} is installed without its default CMYK profile (default_cmyk.icc): give your printer's with --icc FILE`,
    )
  const read = readCmykProfile(file)
  if ('problem' in read) return problem('print/bad-icc', `${named ? `--icc ${named}` : file}: ${read.problem}`)
  return { gs, profile: { file, intent: read.intent } }
}

/** The warnings said so far in a build (its batch of outputs). */
const reported = new WeakMap<OutputBatch, Set<string>>()

/** Adds the preset's PDFs to the batch; their problems (a face over the ink limit, no Ghostscript) go to `problem`. */
export const addServiceFiles = async (
  outputs: OutputBatch,
  input: ServiceFilesInput,
  problem: (d: Diagnostic) => void,
): Promise<void> => {
  const tools = serviceTools(input.icc)
  if ('problem' in tools) return problem(tools.problem)
  const cards = serviceCards(input.game, input.faces)
  const options: ServiceOptions = {
    service: presets[input.preset].title,
    pdf: input.pdf,
    title: input.game.title,
    lang: input.lang,
    stem: input.stem,
    bleedMm: input.bleedMm,
    ...tools,
    ...(input.scratch && { scratch: input.scratch }),
  }
  let made: Awaited<ReturnType<typeof makeServicePdfs>>
  try {
    made = await cachedOutput(input.cacheDir, serviceKey(cards, options), () => makeServicePdfs(cards, options))
  } catch (error) {
    if (isWriteFailure(error)) throw error
    return problem({
      rule: 'print/ghostscript-failed',
      severity: 'error',
      file: '',
      message: `the ${options.service} PDFs could not be made: ${(error as Error).message}`,
    })
  }
  // Another language's edition shows many of the same faces: each warning is said once a build.
  const said = reported.get(outputs) ?? new Set<string>()
  reported.set(outputs, said)
  for (const d of made.diagnostics) if (!said.has(diagnosticKey(d))) said.add(diagnosticKey(d)) && problem(d)
  for (const file of made.files) outputs.put(join(input.dir, file.name), file.data)
}
