// A reporter that prints the slowest test files at the end of a run, so that the next slow test is seen.
// It is added beside whatever reporters the run names (vitest.config.ts), `--reporter` on the command line included.
import type { Reporter, TestModule, Vitest } from 'vitest/node'

const SHOWN = 10

export class SlowestFiles implements Reporter {
  private vitest?: Vitest

  onInit(vitest: Vitest): void {
    this.vitest = vitest
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules
      .map((m) => {
        const d = m.diagnostic()
        // The file's own time: importing it and running its tests and hooks (what the default reporter shows too).
        return {
          file: m.relativeModuleId,
          ms: d.collectDuration + d.duration,
          tests: [...m.children.allTests()].length,
        }
      })
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SHOWN)
    if (rows.length < 2) return
    const lines = rows.map(
      (r) =>
        `  ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${String(r.tests).padStart(4)} test${r.tests === 1 ? ' ' : 's'}  ${r.file}`,
    )
    const log = this.vitest?.logger.log.bind(this.vitest.logger) ?? console.log
    log(`\n Slowest test files:\n${lines.join('\n')}\n`)
  }
}
