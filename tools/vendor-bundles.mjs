// After tsc has compiled src/ to dist/: each module of src/vendor/ (re-exports of packages made of many small
// modules) becomes one bundled file in dist/vendor/, with the packages inside it, so Node loads one file
// rather than hundreds (see src/vendor/markdown.ts). The packages stay dependencies: only their code is copied.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const entries = ['markdown', 'front-matter']
await build({
  entryPoints: entries.map((name) => join(root, 'src', 'vendor', `${name}.ts`)),
  outdir: join(root, 'dist', 'vendor'),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // The CommonJS code inside (gray-matter) requires Node's own modules: an ES module has no `require` of its own.
  banner: {
    js: "import { createRequire as __vendorRequire } from 'node:module'; const require = __vendorRequire(import.meta.url);",
  },
  legalComments: 'inline',
  logLevel: 'warning',
})
// tsc's source maps were of the files these replace.
for (const name of entries) rmSync(join(root, 'dist', 'vendor', `${name}.js.map`), { force: true })
