import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/**
 * Loads a package through its CommonJS build where it ships one beside its ES module. Node 20 loads a large
 * package that way in about half the time: an ES module that imports CommonJS code (satori's opentype.js,
 * fontkit's and pdfkit's dependencies) has Node scan that code's source for its exports first, and every
 * thread that draws loads satori, fontkit or pdfkit. Measured on this project's machine, CPU to load each:
 * satori 200 → 95 ms, fontkit 140 → 90 ms, pdfkit 180 → 130 ms (docs/internals.md, Start-up).
 *
 * It is loaded with source maps off: once a game's code is loaded (load/code-errors.ts turns them on, so that
 * its errors name its TypeScript lines), Node would read and parse the map of every module loaded after it
 * (satori's is 3 MB, fontkit's and pdfkit's 0.7 MB each), for stacks that never name their lines.
 */
export const requireCommonJs = (id: string): unknown => {
  const maps = process.sourceMapsEnabled
  if (maps) process.setSourceMapsEnabled(false)
  try {
    return require(id)
  } finally {
    if (maps) process.setSourceMapsEnabled(true)
  }
}
