/**
 * The booklet's page layout: blocks become a flat list of items (a line of text, a heading band, a table row…) that
 * know their height; `paginate` puts them on pages, then each page draws its frames (boxes and bars that span many
 * items, maybe across pages) and its items. Knowing heights first is what lets us keep a heading with its text.
 */

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

/** A top-level section of the rules (a rules-block or a top-level heading): contents entry, running head, bookmark. */
export interface Section {
  title: string
  tint: string
  /** Index in the document's sections, in order. */
  index: number
}

/** A decoration around consecutive items: a box, a left bar. Drawn once per page it appears on. */
export interface Frame {
  /** Horizontal extent, from the content box's left edge. */
  x: number
  width: number
  /** `opens`/`closes`: the frame starts/ends on this page (else it continues from/onto another page). */
  draw(doc: PDFKit.PDFDocument, rect: Rect, part: { opens: boolean; closes: boolean }): void
}

export interface FlowItem {
  height: number
  /** Gap above the item; dropped at the top of a page. */
  spaceBefore: number
  /** Must stay on the same page as the next item (headings, a paragraph's first line). */
  keepWithNext?: boolean
  /** Padding that may vanish: dropped at the top of a page, and when it does not fit at the bottom. */
  discardable?: boolean
  /** Frames around this item, outermost first. */
  frames: Frame[]
  /** The frame this item opens or closes (its padding spacers), so the frame knows where its edges are. */
  opens?: Frame
  closes?: Frame
  /** Distance from the item's top to its first baseline: where a list bullet goes. */
  baseline?: number
  /** The item opens this section (its heading). */
  section?: Section
  /** The source line of the block this item starts (drafts put notes beside it). */
  line?: number
  /** `x` is the content box's left edge, `y` the item's top. */
  draw(doc: PDFKit.PDFDocument, x: number, y: number): void
}

export const spacer = (height: number, frames: Frame[], extra: Partial<FlowItem> = {}): FlowItem => ({
  height,
  spaceBefore: 0,
  frames,
  draw: () => {},
  ...extra,
})

export interface Placed {
  item: FlowItem
  y: number
}

/** Puts items on pages between `top` and `bottom`, honouring keep-with-next chains that fit on one page. */
export const paginate = (items: FlowItem[], top: number, bottom: number): Placed[][] => {
  const pages: Placed[][] = [[]]
  let y = top
  const newPage = () => {
    pages.push([])
    y = top
  }
  items.forEach((item, i) => {
    const page = pages[pages.length - 1]!
    const atTop = page.every((p) => p.item.discardable)
    const space = atTop ? 0 : item.spaceBefore
    if (item.discardable) {
      if (atTop || y + space + item.height > bottom) return
      page.push({ item, y: y + space })
      y += space + item.height
      return
    }
    let need = space + item.height
    for (let j = i; items[j]!.keepWithNext && j + 1 < items.length; j++)
      need += items[j + 1]!.spaceBefore + items[j + 1]!.height
    const fitsSelf = y + space + item.height <= bottom
    const chainFitsSomewhere = need <= bottom - top
    if (!atTop && (!fitsSelf || (y + need > bottom && chainFitsSomewhere))) {
      newPage()
      pages[pages.length - 1]!.push({ item, y })
      y += item.height
      return
    }
    page.push({ item, y: y + space })
    y += space + item.height
  })
  return pages.filter((p) => p.length > 0)
}

/** How far a frame reaches past its items where it continues on another page. */
const CONTINUATION = 4

/** Draws one page: frames first (outermost first, so inner boxes lie on outer ones), then the items. */
export const drawPage = (doc: PDFKit.PDFDocument, placed: Placed[], left: number): void => {
  const extents = new Map<
    Frame,
    { top: number; bottom: number; depth: number; opens: boolean; closes: boolean; order: number }
  >()
  for (const { item, y } of placed) {
    item.frames.forEach((frame, depth) => {
      const e = extents.get(frame)
      if (!e)
        extents.set(frame, {
          top: y,
          bottom: y + item.height,
          depth,
          opens: item.opens === frame,
          closes: item.closes === frame,
          order: extents.size,
        })
      else {
        e.bottom = y + item.height
        e.closes = item.closes === frame
      }
    })
  }
  const frames = [...extents.entries()].sort((a, b) => a[1].depth - b[1].depth || a[1].order - b[1].order)
  for (const [frame, e] of frames) {
    const top = e.top - (e.opens ? 0 : CONTINUATION)
    const bottom = e.bottom + (e.closes ? 0 : CONTINUATION)
    doc.save()
    frame.draw(
      doc,
      { x: left + frame.x, y: top, width: frame.width, height: bottom - top },
      { opens: e.opens, closes: e.closes },
    )
    doc.restore()
  }
  for (const { item, y } of placed) {
    doc.save()
    item.draw(doc, left, y)
    doc.restore()
  }
}
