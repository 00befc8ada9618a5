import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { SlowestFiles } from './test/setup/slowest-files.ts'

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url))

export default defineConfig({
  resolve: {
    // A game's `import … from 'deckwright'` reaches the sources under test (the package's exports are dist/).
    alias: [
      { find: /^deckwright$/, replacement: src('index.ts') },
      { find: /^deckwright\/components$/, replacement: src('render/components/index.tsx') },
      { find: /^deckwright\/pipeline$/, replacement: src('pipeline.ts') },
      { find: /^deckwright\/jsx-runtime$/, replacement: src('jsx-runtime.ts') },
      { find: /^deckwright\/jsx-dev-runtime$/, replacement: src('jsx-dev-runtime.ts') },
    ],
  },
  plugins: [
    {
      name: 'deckwright:slowest-files',
      // Beside whatever reporters the run names, those of the command line (`.ci/run`'s) included.
      configureVitest: ({ vitest }) => void vitest.config.reporters.push(new SlowestFiles()),
    },
  ],
  test: {
    // The command the tests run is the compiled one (bin/deckwright.js → dist/): built once, before them. What
    // tests only read (a game's build, the installed tarball) is made once per run in a folder of the run's own.
    globalSetup: ['test/build-dist.ts', 'test/setup/shared-dir.ts'],
    // A game's compiled module (node_modules/.cache/deckwright/) imports deckwright's sources: vite runs it.
    server: { deps: { inline: [/node_modules\/\.cache\/deckwright\//] } },
    // Several tests run the real command or build a game: seconds each on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
})
