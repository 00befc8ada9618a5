// Vitest's global set-up: a folder for the run's shared set-ups (test/setup/once.ts), outside this repository
// (the installed package must be, as a designer's project is), removed when the run ends.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

export default function sharedDir(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'deckwright-run-'))
  project.provide('sharedDir', dir)
  return () => rmSync(dir, { recursive: true, force: true })
}
