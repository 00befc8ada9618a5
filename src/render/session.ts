import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import type { Card, GameDef } from '../engine/define.ts'
import { relativePath, type GamePaths } from '../load/project.ts'
import { cardSize } from '../print/card-sizes.ts'
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

/** One face to draw: a card's front, a type's shared back (no card), or a card's own back. */
export interface FaceJob {
  kind: 'front' | 'back'
  type: string
  card?: Card
}

export interface Drawn {
  face?: RenderedFace
  diagnostics: Diagnostic[]
}

/** Draws faces of one game: its templates and fonts loaded once. A worker holds one per game. */
export interface RenderSession {
  draw(job: FaceJob): Promise<Drawn>
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

export const openSession = async (paths: GamePaths, game: GameDef, options: RenderOptions): Promise<Result<RenderSession>> => {
  const loaded = await loadTemplates(paths)
  const templates = loaded.value
  const fonts: LoadedFont[] = [...Object.values(baseFonts), ...(templates?.fonts ?? [])].map(loadFont)
  const definitionFile = relativePath(paths.root, paths.definition)
  const templatesFile = relativePath(paths.root, join(paths.templatesDir, TEMPLATES_FILE))

  const templateOf = (typeId: string): { template: TypeTemplate<GameDef, string>; generic?: Diagnostic } => {
    const type = game.types[typeId]!
    const own = templates?.types[typeId] as TypeTemplate<GameDef, string> | undefined
    if (own) return { template: own }
    return {
      template: genericTemplate(type.name),
      generic: { rule: 'render/generic-template', severity: 'warning', file: templates ? templatesFile : definitionFile, line: 1, column: 1, message: `no template for ${type.name} (${typeId}): its cards are drawn as plain text` },
    }
  }

  const session: RenderSession = {
    async draw({ kind, type: typeId, card }) {
      const diagnostics: Diagnostic[] = []
      const type = game.types[typeId]!
      const size = cardSize(type.size ?? 'poker')
      if (!size) return { diagnostics } // reported by validation (game/unknown-size)
      const { template, generic } = templateOf(typeId)
      if (generic) diagnostics.push(generic)
      const at = card
        ? { file: card.source.file, line: card.source.pos.line, column: card.source.pos.column, card: card.id }
        : { file: definitionFile, line: 1, column: 1 }
      const box = faceBox(size.widthMm, size.heightMm, options.bleedMm)
      const missing = new Set<string>()
      const ctx: FaceContext = {
        game,
        box,
        inkFriendly: options.inkFriendly,
        mm: (mm) => Math.round(mm * box.pxPerMm),
        icon: (name, color) => {
          const uri = iconDataUri(name, color)
          if (uri) return uri
          if (!missing.has(name))
            diagnostics.push({ rule: 'render/missing-icon', severity: 'error', ...at, message: `the icon "${name}" does not exist: name an icon of an installed Iconify set, e.g. "game-icons:spy"` })
          missing.add(name)
          return MISSING_ICON
        },
        word: (vocabulary, word) => game.vocabularies?.[vocabulary]?.[word] ?? { label: word, icon: `missing:${word}` },
      }
      const back = template.back ?? genericTemplate(type.name).back!
      try {
        // A template that throws is a diagnostic at the card being drawn; the rest of the game still renders.
        const element = kind === 'front' ? template.front(card as never, ctx) : back(ctx, card as never)
        return { face: await renderFace(element, box, fonts, options.dpi), diagnostics }
      } catch (error) {
        diagnostics.push({ rule: 'render/template-error', severity: 'error', ...at, message: `the template failed to draw this face: ${(error as Error).message.split('\n')[0]}` })
        return { diagnostics }
      }
    },
  }
  return { value: session, diagnostics: loaded.diagnostics }
}
