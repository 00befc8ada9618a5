// The directions src/'s imports may take (docs/architecture.md). Each stage imports only the stages before it:
//
//   util → diagnostics, pdf, cache, images → load, shortcodes → engine → render → threads → outputs
//     → print, booklet → validate → simulate, pull → make → preview, init, release → commands (one file per verb)
//
// and the modules at the top of src/ (cli.ts, index.ts, pipeline.ts, game-worker.ts, the commands' own
// modules…) import any of them and no stage imports them. A new folder joins a layer here. Within render/: fonts → renderers → text → template → store. No file imports itself
// through others, and no folder does (a sub-folder counts as a folder: render/store ↔ render/template would
// fail). Type-only imports count.
const LAYERS = [
  ['util'],
  ['diagnostics', 'pdf', 'cache', 'images'],
  ['load', 'shortcodes'],
  ['engine'],
  ['render'],
  ['threads'],
  ['outputs'],
  ['print', 'booklet'],
  ['validate'],
  ['simulate', 'pull'],
  ['make'],
  ['preview', 'init', 'release'],
  ['commands'],
]
/** The stages: every folder but commands/, which runs them for the command line. */
const STAGES = LAYERS.slice(0, -1).flat()
const RENDER = ['fonts', 'renderers', 'text', 'template', 'store']

const under = (folders) => `^src/(${folders.join('|')})/`
const rule = (name, comment, from, to, fromNot) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, ...(fromNot && { pathNot: fromNot }) },
  to: { path: to },
})

/** A stage imports no stage after it. */
const layerRules = LAYERS.slice(0, -1).map((layer, i) =>
  rule(
    `${layer.join('-')}-before-${LAYERS[i + 1].join('-')}`,
    `${layer.join(', ')} know${layer.length > 1 ? '' : 's'} none of the stages after ${layer.length > 1 ? 'them' : 'it'}`,
    under(layer),
    under(LAYERS.slice(i + 1).flat()),
  ),
)

/** Within render/, each concern imports only those before it. */
const renderRules = RENDER.slice(0, -1).map((part, i) =>
  rule(
    `render-${part}-before-${RENDER[i + 1]}`,
    `render/${part} knows none of the parts of render/ after it`,
    `^src/render/${part}/`,
    `^src/render/(${RENDER.slice(i + 1).join('|')})/`,
  ),
)

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no file imports itself through others (type-only imports included)',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      comment: 'no folder imports itself through others, sub-folders included (type-only imports included)',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    rule(
      'nothing-imports-commands',
      'the commands run the stages and print: no stage or library entry knows them',
      '^src/',
      '^src/(cli\\.ts$|commands/)',
      '^src/(cli\\.ts$|commands/)',
    ),
    rule(
      'commands-do-not-import-cli',
      'cli.ts lists the commands; what they share is in commands/, so they never import it back',
      under(['commands']),
      '^src/cli\\.ts$',
    ),
    rule(
      'entries-on-top',
      'the modules at the top of src/ run the stages; no stage imports them',
      under(STAGES),
      '^src/[^/]+$',
    ),
    ...layerRules,
    ...renderRules,
    rule(
      'print-knows-no-render',
      'print lays out finished faces, which it knows as files',
      '^src/print/',
      under(['render', 'threads', 'booklet']),
    ),
    rule(
      'booklet-knows-no-threads',
      'the booklet is drawn from the rules and finished faces',
      '^src/booklet/',
      under(['threads', 'print']),
    ),
    rule('outputs-know-no-threads', 'outputs are made from finished faces', '^src/outputs/', under(['threads'])),
    rule(
      'simulate-makes-no-documents',
      'a simulation plays games on the game threads and reports on them: it knows no sheets or booklet',
      '^src/simulate/',
      under(['print', 'booklet']),
    ),
    rule('validate-prints-nothing', 'validating draws no sheets', '^src/validate/', under(['print'])),
    rule(
      'shortcodes-know-no-load',
      'load reads rules with the shortcode syntax, not the other way',
      '^src/shortcodes/',
      under(['load']),
    ),
    rule(
      'preview-and-init-apart',
      'the preview and a new game know nothing of each other',
      under(['preview']),
      under(['init']),
    ),
    rule(
      'init-and-preview-apart',
      'the preview and a new game know nothing of each other',
      under(['init']),
      under(['preview']),
    ),
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.d\\.ts$' },
  },
}
