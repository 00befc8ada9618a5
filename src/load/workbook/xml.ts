import type * as Saxes from 'saxes'
import { requireCommonJs } from '../../util/commonjs.ts'
import { WorkbookError } from './sheet.ts'

/** saxes, loaded for the first workbook: every thread that reads card files imports this module, and most games have none. */
let saxes: typeof Saxes | undefined

/** What a walk over a workbook part's XML is told: elements by their local names (no prefix), attributes likewise. */
export interface XmlHandlers {
  open(name: string, attributes: Attributes): void
  close?(name: string): void
  text?(text: string): void
}

/** An element's attributes, by local name. */
export type Attributes = Record<string, string>

const local = (name: string): string => name.slice(name.indexOf(':') + 1)

/**
 * Walks the XML of one part of a workbook, strictly (saxes: a part that is not well-formed XML is a damaged
 * workbook). A document type declaration is refused outright: spreadsheet programs write none, and it is
 * where entities would be declared; saxes never expands a declared entity (a reference to one is an error),
 * so no "billion laughs" can grow a part. A handler may throw to stop the walk (a sheet past its row limit).
 */
export const walkXml = (xml: string, part: string, handlers: XmlHandlers): void => {
  saxes ??= requireCommonJs('saxes') as typeof Saxes
  const parser = new saxes.SaxesParser({ xmlns: false, position: true })
  let failure: Error | undefined
  parser.on('doctype', () => {
    throw new WorkbookError(
      'workbook/doctype',
      `this workbook's ${part} declares a document type, where XML entities are declared; spreadsheet programs write none: it is not read`,
    )
  })
  parser.on('opentag', (tag) => {
    const given = tag.attributes as Attributes
    // Most of a sheet's attributes have no prefix (r, t, s): they are taken as they are.
    for (const key in given)
      if (key.includes(':')) {
        const attributes: Attributes = {}
        for (const name in given) attributes[local(name)] = given[name]!
        return handlers.open(local(tag.name), attributes)
      }
    handlers.open(local(tag.name), given)
  })
  if (handlers.close) {
    const close = handlers.close
    parser.on('closetag', (tag) => close(local(tag.name)))
  }
  if (handlers.text) {
    const text = handlers.text
    parser.on('text', text)
    parser.on('cdata', text)
  }
  try {
    parser.write(xml).close()
  } catch (error) {
    if (error instanceof WorkbookError) throw error
    // saxes throws at the first error (no handler for it is set): the walk stops there.
    failure = error as Error
  }
  if (failure)
    throw new WorkbookError(
      'workbook/damaged',
      `this workbook is damaged (its ${part} is not well-formed XML: ${failure.message.replace(/^[^:]*:\d+:\d+: /, '')}): open it and save it again`,
    )
}
