import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import type { Card, GameDef } from '../engine/define.ts'
import { cardSize } from '../print/card-sizes.ts'
import { relativePath, type GamePaths } from '../load/project.ts'
import { faceBox, renderFace, type RenderedFace } from './face.ts'
import { baseFonts, loadFont, type LoadedFont } from './fonts.ts'
import { genericTemplate } from './generic.tsx'
import { iconDataUri } from './icons.ts'
import type { FaceContext, Templates, TypeTemplate } from './template.ts'

export interface RenderOptions {
  dpi: number
  bleedMm: number
  inkFriendly: boolean
}

export interface CardFaces {
  card: Card
  front: RenderedFace
  /** The name of its back in `backs`: its deck ('<type>' unless the type names another) for a shared back, '<card-id>' for its own. */
  back: string
}

export interface GameFaces {
  cards: CardFaces[]
  backs: Map<string, RenderedFace>
}

export const TEMPLATES_FILE = 'index.tsx'

// A visible stand-in for a missing icon: a question mark in a box, never an empty spot.
const MISSING_ICON = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24"><rect x="1" y="1" width="22" height="22" fill="#fff" stroke="#d00" stroke-width="2"/><path d="M9 9a3 3 0 1 1 4 2.8c-.7.3-1 .8-1 1.5V15m0 3v.5" stroke="#d00" stroke-width="2" fill="none"/></svg>').toString('base64')}`

const loadTemplates = async (paths: GamePaths): Promise<Result<Templates | undefined>> => {
  const file = join(paths.templatesDir, TEMPLATES_FILE)
  if (!existsSync(file)) return { value: undefined, diagnostics: [] }
  try {
    const mod = (await import(pathToFileURL(file).href)) as { default?: Templates }
    return { value: mod.default, diagnostics: [] }
  } catch (error) {
    return { value: undefined, diagnostics: [{ rule: 'render/template-load', severity: 'error', file: relativePath(paths.root, file), line: 1, column: 1, message: `the templates could not be loaded: ${(error as Error).message.split('\n')[0]}` }] }
  }
}

/** Draws every card's front, and each back once: a type's shared back, or a card's own. */
export const renderGame = async (paths: GamePaths, game: GameDef, cards: readonly Card[], options: RenderOptions): Promise<Result<GameFaces>> => {
  const loaded = await loadTemplates(paths)
  const diagnostics: Diagnostic[] = [...loaded.diagnostics]
  const templates = loaded.value
  const fonts: LoadedFont[] = [...Object.values(baseFonts), ...(templates?.fonts ?? [])].map(loadFont)
  const definitionFile = relativePath(paths.root, paths.definition)
  const templatesFile = relativePath(paths.root, join(paths.templatesDir, TEMPLATES_FILE))

  let current: { file: string; line: number; column: number; card?: string } = { file: definitionFile, line: 1, column: 1 }
  const reported = new Set<string>()
  const context = (widthMm: number, heightMm: number): FaceContext => {
    const box = faceBox(widthMm, heightMm, options.bleedMm)
    const icon = (name: string, color?: string) => {
      const uri = iconDataUri(name, color)
      if (uri) return uri
      const key = `${name}|${current.card}`
      if (!reported.has(key)) {
        reported.add(key)
        diagnostics.push({ rule: 'render/missing-icon', severity: 'error', ...current, message: `the icon "${name}" does not exist: name an icon of an installed Iconify set, e.g. "game-icons:spy"` })
      }
      return MISSING_ICON
    }
    return {
      game,
      box,
      inkFriendly: options.inkFriendly,
      mm: (mm) => Math.round(mm * box.pxPerMm),
      icon,
      word: (vocabulary, word) => game.vocabularies?.[vocabulary]?.[word] ?? { label: word, icon: `missing:${word}` },
    }
  }

  // A template that throws is a diagnostic at the card being drawn; the rest of the game still renders.
  const draw = async (make: () => Parameters<typeof renderFace>[0], box: FaceContext['box']): Promise<RenderedFace | undefined> => {
    try {
      return await renderFace(make(), box, fonts, options.dpi)
    } catch (error) {
      diagnostics.push({ rule: 'render/template-error', severity: 'error', ...current, message: `the template failed to draw this face: ${(error as Error).message.split('\n')[0]}` })
      return undefined
    }
  }

  const out: GameFaces = { cards: [], backs: new Map() }
  for (const [typeId, type] of Object.entries(game.types)) {
    const ofType = cards.filter((c) => c.type === typeId)
    if (ofType.length === 0) continue
    const size = cardSize(type.size ?? 'poker')
    if (!size) continue // reported by validation (game/unknown-size)
    let template = templates?.types[typeId] as TypeTemplate<GameDef, string> | undefined
    if (!template) {
      diagnostics.push({ rule: 'render/generic-template', severity: 'warning', file: templates ? templatesFile : definitionFile, line: 1, column: 1, message: `no template for ${type.name} (${typeId}): its cards are drawn as plain text` })
      template = genericTemplate(type.name)
    }
    const ctx = context(size.widthMm, size.heightMm)
    const back = template.back ?? genericTemplate(type.name).back!
    // Types shuffled into one deck share the back drawn for the deck's first type.
    const deck = type.deck ?? typeId
    if (type.back !== 'own' && !out.backs.has(deck)) {
      current = { file: definitionFile, line: 1, column: 1 }
      const face = await draw(() => back(ctx), ctx.box)
      if (face) out.backs.set(deck, face)
    }
    for (const card of ofType) {
      current = { file: card.source.file, line: card.source.pos.line, column: card.source.pos.column, card: card.id }
      const front = await draw(() => template.front(card as never, ctx), ctx.box)
      const own = type.back === 'own' ? await draw(() => back(ctx, card as never), ctx.box) : undefined
      if (own) out.backs.set(card.id, own)
      if (front) out.cards.push({ card, front, back: type.back === 'own' ? card.id : deck })
    }
  }
  return { value: out, diagnostics }
}
