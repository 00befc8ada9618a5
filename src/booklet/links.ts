import type { Nodes } from 'mdast'
import type { Position } from 'unist'
/**
 * What a link in the rules becomes in the booklet. Rules arrive in pull requests: a link is a PDF action a
 * reader clicks, and a `javascript:`, `file:` or `launch:` action runs or opens something on their machine. So
 * only addresses on the web and mail addresses become links; an anchor (`#setup`) goes to the section of that
 * heading; anything else is printed as its text.
 */

/** The schemes a link may have in the booklet. */
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto'])

/** A link the booklet makes: an address opened by the reader's viewer, or a section of the booklet. */
export type LinkTarget = { uri: string } | { section: string }

/** The id of a heading, as Hugo and GitHub make it (lower case, punctuation dropped, spaces as hyphens). */
export const headingId = (text: string): string =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s+/g, '-')

/** The name of the PDF destination of a section's heading, which an anchor link goes to. */
export const sectionDestination = (id: string): string => `heading:${id}`

/**
 * What a link's address becomes: a link for `http:`, `https:` and `mailto:` addresses and `#anchors`; none
 * for a relative address (a page of the web site the rules may also be, not in the booklet) or another scheme.
 */
export const linkTarget = (url: string): LinkTarget | undefined => {
  const address = url.trim()
  if (address.startsWith('#') && address.length > 1) return { section: decodeAnchor(address.slice(1)) }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(address)?.[1]?.toLowerCase()
  return scheme && SAFE_SCHEMES.has(scheme) ? { uri: address } : undefined
}

/** The scheme of an address the booklet refuses to make a link of (`javascript`, `file`…); none for a relative one. */
export const refusedScheme = (url: string): string | undefined => {
  // Blanks and control characters before a scheme are ignored by browsers, so `java\tscript:` is one too.
  const address = url.replace(/[\u0000-\u0020]/g, '')
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(address)?.[1]?.toLowerCase()
  return scheme && !SAFE_SCHEMES.has(scheme) ? scheme : undefined
}

const decodeAnchor = (anchor: string): string => {
  try {
    return decodeURIComponent(anchor)
  } catch {
    return anchor
  }
}

/** The words of the warning for a link that is printed as text. */
export const refusedLinkMessage = (url: string, scheme: string): string =>
  `the link to "${url.length > 80 ? `${url.slice(0, 77)}…` : url}" is printed as text, not made: a ${scheme}: link could run or open something on the reader's machine; the booklet makes links only to http:, https: and mailto: addresses and to its own sections (#heading)`

/** The links of a rules tree printed as text because of their scheme, in order, for the warnings. */
export const refusedLinks = (tree: Nodes): { url: string; scheme: string; position?: Position }[] => {
  const found: { url: string; scheme: string; position?: Position }[] = []
  const walk = (node: Nodes) => {
    if (node.type === 'link') {
      const scheme = refusedScheme(node.url)
      if (scheme) found.push({ url: node.url, scheme, ...(node.position && { position: node.position }) })
    }
    if ('children' in node) for (const child of node.children) walk(child as Nodes)
  }
  walk(tree)
  return found
}
