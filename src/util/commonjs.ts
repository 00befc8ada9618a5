import { createRequire } from 'node:module'

/**
 * Loads a package through its CommonJS build where it ships one beside its ES module. Node 20 loads a large
 * package that way in about half the time: an ES module that imports CommonJS code (satori's opentype.js,
 * fontkit's and pdfkit's dependencies) has Node scan that code's source for its exports first, and every
 * thread that draws loads satori, fontkit or pdfkit. Measured on this project's machine, CPU to load each:
 * satori 200 → 95 ms, fontkit 140 → 90 ms, pdfkit 180 → 130 ms (docs/internals.md, Start-up).
 */
export const requireCommonJs: NodeJS.Require = createRequire(import.meta.url)
