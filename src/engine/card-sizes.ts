import type { GameDef } from './define.ts'

/** A card's trim size: the finished card after cutting, without bleed. */
export type CardSize = { name: string; widthMm: number; heightMm: number }

export const CARD_SIZES: Readonly<Record<string, CardSize>> = {
  poker: { name: 'poker', widthMm: 63.5, heightMm: 88.9 },
  bridge: { name: 'bridge', widthMm: 57.15, heightMm: 88.9 },
  mini: { name: 'mini', widthMm: 44.45, heightMm: 63.5 },
  tarot: { name: 'tarot', widthMm: 69.85, heightMm: 120.65 },
  square: { name: 'square', widthMm: 88.9, heightMm: 88.9 },
  euro: { name: 'euro', widthMm: 59, heightMm: 92 },
}

const MM_PER_UNIT = { mm: 1, in: 25.4 } as const

// The unit is required: a bare "2.5x3.5" read as millimetres would silently print a postage stamp.
const CUSTOM = /^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm|in)\s*$/i

/** A named size ('poker') or a custom 'WxHmm' / 'WxHin' ('63x88mm', '2.5 × 3.5 in'); undefined when neither. */
export const cardSize = (nameOrWxH: string): CardSize | undefined => {
  const key = nameOrWxH.trim().toLowerCase()
  if (Object.hasOwn(CARD_SIZES, key)) return { ...CARD_SIZES[key]! }
  const m = CUSTOM.exec(nameOrWxH)
  if (!m) return undefined
  const unit = m[3]!.toLowerCase() as keyof typeof MM_PER_UNIT
  const w = Number(m[1])
  const h = Number(m[2])
  if (!(w > 0 && h > 0)) return undefined
  return { name: `${m[1]}x${m[2]}${unit}`, widthMm: w * MM_PER_UNIT[unit], heightMm: h * MM_PER_UNIT[unit] }
}

/** The trim size of a card type: its `size`, poker when it names none; undefined for a size validation refuses. */
export const typeSize = (game: GameDef, typeId: string): CardSize | undefined =>
  cardSize(game.types[typeId]!.size ?? 'poker')
