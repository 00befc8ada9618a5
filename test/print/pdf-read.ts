// Reads back what a deckwright PDF draws, from the file itself: page boxes, where each image lands, the clip
// it is drawn through, and the lines and curves stroked. Enough of PDF for pdfkit's output, not a PDF parser.
import { inflateSync } from 'node:zlib'

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** Millimetres from the top-left corner of the page, as the layout code measures. */
export interface PlacedImage {
  /** The image XObject's own size in pixels: tests tell their images apart by it. */
  widthPx: number
  heightPx: number
  rect: Box
  /** The clip in force when the image was drawn (the intersection of the clips' boxes), if any. */
  clip?: Box
}

export interface Line {
  x1: number
  y1: number
  x2: number
  y2: number
  dashed: boolean
}

export interface PdfPage {
  widthMm: number
  heightMm: number
  /** Page boxes in points, as written: [x0 y0 x1 y1]. */
  boxes: Record<string, number[]>
  images: PlacedImage[]
  lines: Line[]
  /** Each Bézier curve stroked, from its start point to its end point. */
  curves: Line[]
}

const PT_PER_MM = 72 / 25.4

type Matrix = [number, number, number, number, number, number]
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0]
/** `m` applied first, then `ctm`: what `m cm` does to the current transformation matrix. */
const concat = (m: Matrix, ctm: Matrix): Matrix => [
  m[0] * ctm[0] + m[1] * ctm[2],
  m[0] * ctm[1] + m[1] * ctm[3],
  m[2] * ctm[0] + m[3] * ctm[2],
  m[2] * ctm[1] + m[3] * ctm[3],
  m[4] * ctm[0] + m[5] * ctm[2] + ctm[4],
  m[4] * ctm[1] + m[5] * ctm[3] + ctm[5],
]
const apply = (m: Matrix, x: number, y: number): [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5],
]

/** The PDF's objects by number: the dictionary text and, for streams, the (inflated) data. */
const readObjects = (pdf: Buffer): Map<number, { dict: string; stream?: Buffer }> => {
  const s = pdf.toString('latin1')
  const xref = Number(/startxref\s+(\d+)/.exec(s.slice(-64))![1])
  const head = /xref\s+(\d+) (\d+)\s+/.exec(s.slice(xref))!
  const [first, count] = [Number(head[1]), Number(head[2])]
  const table = xref + head.index + head[0].length
  const objects = new Map<number, { dict: string; stream?: Buffer }>()
  for (let i = 0; i < count; i++) {
    const entry = s.slice(table + i * 20, table + i * 20 + 18)
    if (!entry.endsWith(' n')) continue
    const at = Number(entry.slice(0, 10))
    const body = s.indexOf('obj', at) + 3
    let depth = 0
    let end = body
    const open = s.indexOf('<<', body)
    const start = open >= 0 && open < s.indexOf('endobj', body) ? open : -1
    if (start < 0) {
      objects.set(first + i, { dict: s.slice(body, s.indexOf('endobj', body)).trim() })
      continue
    }
    for (end = start; end < s.length; end++) {
      if (s.startsWith('<<', end)) depth++, end++
      else if (s.startsWith('>>', end) && --depth === 0) break
    }
    const dict = s.slice(start, end + 2)
    const stream = /^\s*stream\r?\n/.exec(s.slice(end + 2, end + 20))
    if (!stream) {
      objects.set(first + i, { dict })
      continue
    }
    const from = end + 2 + stream[0].length
    const data = pdf.subarray(from, from + Number(/\/Length (\d+)/.exec(dict)![1]))
    objects.set(first + i, {
      dict,
      stream: /\/FlateDecode/.test(dict) && !/\/Subtype \/Image/.test(dict) ? inflateSync(data) : data,
    })
  }
  return objects
}

const ref = (dict: string, key: string): number | undefined => {
  const m = new RegExp(`/${key} (\\d+) 0 R`).exec(dict)
  return m ? Number(m[1]) : undefined
}

const TOKEN = /\[|\]|\/[^\s/[\]()<>]+|[-+]?(?:\d+\.?\d*|\.\d+)|<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)|[A-Za-z*'"]+/g

const intersect = (a: Box | undefined, b: Box): Box => {
  if (!a) return b
  const x = Math.max(a.x, b.x)
  const y = Math.max(a.y, b.y)
  return {
    x,
    y,
    width: Math.min(a.x + a.width, b.x + b.width) - x,
    height: Math.min(a.y + a.height, b.y + b.height) - y,
  }
}

/** Every page of the PDF, in order, with what it draws measured in millimetres from its top-left corner. */
export const readPdf = (pdf: Buffer): { pages: PdfPage[]; catalog: string } => {
  const objects = readObjects(pdf)
  const trailer = pdf.toString('latin1').slice(pdf.toString('latin1').lastIndexOf('trailer'))
  const catalog = objects.get(ref(trailer, 'Root')!)!.dict
  const kids = /\/Kids \[([^\]]*)\]/.exec(objects.get(ref(catalog, 'Pages')!)!.dict)![1]!
  const pages = [...kids.matchAll(/(\d+) 0 R/g)].map((m) => {
    const page = objects.get(Number(m[1]))!.dict
    const boxes = Object.fromEntries(
      [...page.matchAll(/\/(\w+Box) \[([^\]]*)\]/g)].map((b) => [b[1]!, b[2]!.trim().split(/\s+/).map(Number)]),
    )
    const [, , wPt, hPt] = boxes.MediaBox!
    const resources = objects.get(ref(page, 'Resources')!)!.dict
    const xobjects = new Map(
      [...(/\/XObject <<([\s\S]*?)>>/.exec(resources)?.[1] ?? '').matchAll(/\/(\S+) (\d+) 0 R/g)].map((x) => {
        const image = objects.get(Number(x[2]))!.dict
        return [
          x[1]!,
          { widthPx: Number(/\/Width (\d+)/.exec(image)![1]), heightPx: Number(/\/Height (\d+)/.exec(image)![1]) },
        ]
      }),
    )
    // PDF space (points, y up) to the layout's (millimetres, y down)
    const toBox = (pts: [number, number][]): Box => {
      const xs = pts.map((p) => p[0])
      const ys = pts.map((p) => p[1])
      return {
        x: Math.min(...xs) / PT_PER_MM,
        y: (hPt! - Math.max(...ys)) / PT_PER_MM,
        width: (Math.max(...xs) - Math.min(...xs)) / PT_PER_MM,
        height: (Math.max(...ys) - Math.min(...ys)) / PT_PER_MM,
      }
    }
    const toMm = ([x, y]: [number, number]): [number, number] => [x / PT_PER_MM, (hPt! - y) / PT_PER_MM]

    const out: PdfPage = {
      widthMm: wPt! / PT_PER_MM,
      heightMm: hPt! / PT_PER_MM,
      boxes,
      images: [],
      lines: [],
      curves: [],
    }
    let state = { ctm: IDENTITY, clip: undefined as Box | undefined, dashed: false }
    const stack: (typeof state)[] = []
    let operands: string[] = []
    let path: { kind: 'line' | 'curve' | 'rect'; points: [number, number][] }[] = []
    let current: [number, number] = [0, 0]
    let clipping = false
    const content = objects.get(ref(page, 'Contents')!)!.stream!.toString('latin1')
    const nums = (n: number) => operands.slice(-n).map(Number)
    for (const [token] of content.matchAll(TOKEN)) {
      if (!/^[A-Za-z*'"]+$/.test(token)) {
        operands.push(token)
        continue
      }
      switch (token) {
        case 'q':
          stack.push({ ...state })
          break
        case 'Q':
          state = stack.pop()!
          break
        case 'cm':
          state = { ...state, ctm: concat(nums(6) as Matrix, state.ctm) }
          break
        case 'd':
          state = {
            ...state,
            dashed:
              !/\[\s*\]/.test(operands.join(' ')) &&
              operands.includes('[') &&
              operands.indexOf(']') > operands.indexOf('[') + 1,
          }
          break
        case 'm':
          current = apply(state.ctm, ...(nums(2) as [number, number]))
          break
        case 'l': {
          const to = apply(state.ctm, ...(nums(2) as [number, number]))
          path.push({ kind: 'line', points: [current, to] })
          current = to
          break
        }
        case 'c': {
          const to = apply(state.ctm, ...(nums(6).slice(4) as [number, number]))
          path.push({ kind: 'curve', points: [current, to] })
          current = to
          break
        }
        case 're': {
          const [x, y, w, h] = nums(4) as [number, number, number, number]
          path.push({
            kind: 'rect',
            points: [
              apply(state.ctm, x, y),
              apply(state.ctm, x + w, y),
              apply(state.ctm, x, y + h),
              apply(state.ctm, x + w, y + h),
            ],
          })
          break
        }
        case 'W':
          clipping = true
          break
        case 'n':
          if (clipping)
            for (const p of path)
              if (p.kind === 'rect') state = { ...state, clip: intersect(state.clip, toBox(p.points)) }
          clipping = false
          path = []
          break
        case 'S':
          for (const p of path) {
            const [[x1, y1], [x2, y2]] = p.points.map(toMm) as [[number, number], [number, number]]
            if (p.kind === 'line') out.lines.push({ x1, y1, x2, y2, dashed: state.dashed })
            if (p.kind === 'curve') out.curves.push({ x1, y1, x2, y2, dashed: state.dashed })
          }
          path = []
          break
        case 'Do': {
          const image = xobjects.get(operands.at(-1)!.slice(1))
          if (image)
            out.images.push({
              ...image,
              rect: toBox([apply(state.ctm, 0, 0), apply(state.ctm, 1, 1)]),
              ...(state.clip ? { clip: state.clip } : {}),
            })
          break
        }
        default:
          if (/^(f\*?|B\*?|b\*?|s|h)$/.test(token) && token !== 'h') path = []
      }
      operands = []
    }
    return out
  })
  return { pages, catalog }
}
