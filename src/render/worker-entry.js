// A worker thread's entry: the hooks that load a game's TypeScript first, then the face worker (compiled
// JavaScript in the package, TypeScript when deckwright runs from its sources).
import { workerData } from 'node:worker_threads'
import { registerTypeScript } from '../load/typescript.js'

registerTypeScript()
await import(workerData.entry)
