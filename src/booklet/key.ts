import { createHash } from 'node:crypto'
import { regularFileDigest } from '../util/regular-file.ts'
import { DEFAULT_LIMITS } from '../images/image-check.ts'
import type { RulesDoc } from '../load/rules.ts'
import { projectDrawingPackages, sourceHash } from '../cache/source-hash.ts'
import type { BookletOptions } from './index.ts'
import { picturePaths } from './picture-sources.ts'
import { hyphenPatternsVersion } from './hyphenation.ts'
import { buildDate } from '../pdf/document.ts'
import { fileIdentity } from '../util/file-identity.ts'

/**
 * The options with each example's face named by its file (see fileIdentity), not its path in the face store:
 * a face that looks as it did after a change of code is a link of the one drawn before, and the booklet stays.
 */
const withFaceFiles = (options: BookletOptions): BookletOptions =>
  options.examples
    ? {
        ...options,
        examples: Object.fromEntries(
          Object.entries(options.examples).map(([id, example]) => [
            id,
            {
              ...example,
              cards: example.cards.map((c) =>
                typeof c.png === 'string' ? { ...c, png: fileIdentity(c.png, c.png) } : c,
              ),
            },
          ]),
        ),
      }
    : options

/**
 * What a booklet is made from, as a key for the outputs' cache: the code that draws it, the rules as read
 * (their tree too, since a game's own shortcodes stand for markdown their code renders), the options (the
 * examples' faces and the credits among them) and the pictures it shows, wherever they are. Light: it loads
 * none of the booklet's drawing code.
 */
export const bookletKey = (rules: RulesDoc, options: BookletOptions): string => {
  const key = createHash('sha256')
    .update(sourceHash('booklet', 'shortcodes', 'pdf', 'load', 'render', 'images', 'util', 'outputs', 'cache'))
    // The PDF's date (SOURCE_DATE_EPOCH) is in its bytes.
    .update(String(buildDate().getTime()))
    .update(JSON.stringify([rules.file, rules.source, rules.frontMatter, rules.notes, withFaceFiles(options)]))
    .update(JSON.stringify(rules.tree))
  if (options.baseDir)
    for (const file of picturePaths(rules.tree, options.baseDir))
      key.update(file).update(regularFileDigest(file, DEFAULT_LIMITS.maxBytes) ?? 'not a file')
  // The hyphenation patterns (a new release breaks words elsewhere).
  key.update(hyphenPatternsVersion())
  // The fonts installed in the project: a Noto family installed later draws what was a box.
  if (options.credits?.root) key.update(projectDrawingPackages(options.credits.root))
  return key.digest('hex').slice(0, 40)
}
