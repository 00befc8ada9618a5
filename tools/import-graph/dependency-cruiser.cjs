// The directions src/'s imports may take (docs/architecture.md): load → engine → render → print / output /
// booklet → build, with diagnostics, util and pdf below every stage, and threads (where a game's code runs,
// and what sends it there) between render and the stages that use finished faces or play games (simulate).
// The commands (src/commands/, one file per command, and src/cli.ts, which lists them) sit above every stage.
// Type-only imports count.
const stage = (folder) => `^src/${folder}/`
const rule = (name, comment, from, to, knownFrom) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, ...(knownFrom && { pathNot: knownFrom }) },
  to: { path: to },
})

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no file imports itself through others (type-only imports included)',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    rule(
      'base-imports-no-stage',
      'diagnostics, util and pdf serve every stage and know none',
      '^src/(diagnostics|util|pdf)/',
      '^src/(load|shortcodes|engine|render|threads|print|output|booklet|build|preview|init|simulate)/',
    ),
    rule(
      'load-before-engine',
      'load reads files into raw records: it knows no game',
      stage('load'),
      '^src/(engine|render|threads|print|output|booklet|build|simulate)/',
    ),
    rule(
      'engine-before-render',
      'the engine knows nothing of drawing, printing or the booklet',
      stage('engine'),
      '^src/(render|threads|print|output|booklet|build|simulate)/',
    ),
    rule(
      'render-before-print',
      'faces know nothing of sheets, outputs, the booklet or the build',
      stage('render'),
      '^src/(print|output|booklet|build|simulate)/',
    ),
    rule(
      'render-below-threads',
      'the game threads run the renderer, and what sends them work sits with them',
      stage('render'),
      stage('threads'),
    ),
    rule(
      'threads-before-print',
      'the threads draw and check faces: sheets, outputs and the booklet come after',
      stage('threads'),
      '^src/(print|output|booklet|build|simulate)/',
    ),
    rule(
      'shortcodes-with-load',
      'the shortcode syntax and vocabulary are read with the rules: they know no later stage',
      stage('shortcodes'),
      '^src/(engine|render|threads|print|output|booklet|build|simulate)/',
    ),
    rule(
      'print-before-build',
      'print lays out finished faces',
      stage('print'),
      '^src/(render|threads|output|booklet|build|simulate)/',
    ),
    rule(
      'output-before-build',
      'outputs are made from finished faces',
      stage('output'),
      '^src/(threads|booklet|build|simulate)/',
    ),
    rule(
      'booklet-before-build',
      'the booklet is drawn from the rules and finished faces',
      stage('booklet'),
      '^src/(threads|output|build|simulate)/',
    ),
    rule(
      'simulate-after-threads',
      'a simulation plays games on the game threads and reports on them: it knows no sheets, outputs, booklet or build',
      stage('simulate'),
      '^src/(print|output|booklet|build|preview)/',
    ),
    rule(
      'nothing-imports-preview',
      'the preview serves what builds make; only its command starts it',
      '^src/(load|shortcodes|engine|render|threads|print|output|booklet|build|diagnostics|util|pdf|simulate)/',
      stage('preview'),
    ),
    rule(
      'nothing-imports-build',
      'build runs the stages; only the commands and the library entries use it',
      '^src/(load|shortcodes|engine|render|threads|print|output|booklet|diagnostics|util|pdf|simulate)/',
      stage('build'),
    ),
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
      stage('commands'),
      '^src/cli\\.ts$',
    ),
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.d\\.ts$' },
  },
}
