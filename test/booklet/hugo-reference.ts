import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decodeEntities } from '../../src/booklet/html.ts'

/**
 * The reference renderer: Debian's `hugo` (0.111) renders a rules file with the minimal templates of
 * test/fixtures/booklet/hugo-site, and its HTML becomes the words a reader sees, in order. List items get the
 * marker the booklet prints (•, ◦ or "1."), so that the two texts can be compared word for word.
 *
 * One deliberate difference: `@TODO` lines are notes for the author, which the booklet collects instead of printing
 * (Hugo prints them as text): they are left out here too.
 */
export const SITE = join(import.meta.dirname, '..', 'fixtures', 'booklet', 'hugo-site')

export const hugoAvailable = (): boolean => spawnSync('hugo', ['version'], { encoding: 'utf8' }).status === 0

/** Renders markdown as a page of the reference site and returns the page's HTML. */
export const hugoHtml = (markdown: string): string => {
  const dir = mkdtempSync(join(tmpdir(), 'deckwright-hugo-'))
  try {
    cpSync(SITE, dir, { recursive: true })
    mkdirSync(join(dir, 'content'), { recursive: true })
    writeFileSync(join(dir, 'content', 'page.md'), markdown)
    execFileSync('hugo', ['--quiet', '--source', dir, '--destination', join(dir, 'public')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    return readFileSync(join(dir, 'public', 'page', 'index.html'), 'utf8')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'code',
  'del',
  'em',
  'i',
  'img',
  'kbd',
  'mark',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'u',
])
const BULLETS = ['\u2022', '\u2013', '\u2022']

/** The words of Hugo's HTML as the booklet prints them: tags gone, entities decoded, list markers added. */
export const htmlWords = (html: string): string => {
  const lists: Array<{ ordered: boolean; next: number }> = []
  const text = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<p>@TODO[\s\S]*?<\/p>/g, ' ')
    .replace(/<input([^>]*)>/g, (_, attrs: string) => (/checked/.test(attrs) ? '[x]' : '[ ]'))
    .replace(/<(\/?)(ul|ol|li)\b([^>]*)>/g, (_, close: string, tag: string, attrs: string) => {
      if (tag === 'ul' || tag === 'ol') {
        if (close) lists.pop()
        else lists.push({ ordered: tag === 'ol', next: Number(/start="(\d+)"/.exec(attrs)?.[1] ?? 1) })
        return ' '
      }
      if (close) return ' '
      const list = lists[lists.length - 1]
      if (!list) return ' '
      // A task item shows its checkbox instead of a bullet.
      if (list.ordered) return ` ${list.next++}. `
      return ` \u0001${BULLETS[(lists.length - 1) % BULLETS.length]} `
    })
    .replace(/\u0001\S+\s+(\[[x ]\])/g, '$1')
    .replace(/\u0001/g, '')
    // Block elements separate words; inline ones (em, strong, a, code, span…) do not.
    .replace(/<\/?([A-Za-z][A-Za-z0-9-]*)\b[^>]*>/g, (_, tag: string) => (INLINE.has(tag.toLowerCase()) ? '' : ' '))
  return normalizeWords(decodeEntities(text))
}

/** Words separated by single spaces. */
export const normalizeWords = (text: string): string => text.replace(/\s+/g, ' ').trim()

/** Hugo's words for a rules file. */
export const hugoWords = (markdown: string): string => htmlWords(hugoHtml(markdown))
