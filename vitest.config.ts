import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { SlowestFiles } from './test/setup/slowest-files.ts'

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url))

export default defineConfig({
  resolve: {
    // A game's `import … from 'deckwright'` reaches the sources under test (the package's exports are dist/).
    alias: [
      { find: /^deckwright$/, replacement: src('index.ts') },
      { find: /^deckwright\/components$/, replacement: src('render/template/components/index.tsx') },
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
    // Two files at once on this 2-core machine: vitest's default (cores - 1) ran them one after another, and
    // with one file waiting on a child process, npm or a browser, the other has the CPU. Measured on the
    // whole suite under other load: 691 s one at a time, 471 s two at a time.
    maxWorkers: 2,
    // Each worker (a forked process) keeps the modules it imported from one file to the next: deckwright's
    // sources, satori, resvg and the fonts load once a worker rather than once a file (the run's import
    // time 26.9 s isolated, 7.6 s not; 471 s and 378 s for the whole run). So a test that mocks a module
    // must undo the mock and reset the modules when it ends (renderer-build.test.ts: unmockTakumi), or the
    // files after it in the worker import the mock.
    isolate: false,
  },
})
