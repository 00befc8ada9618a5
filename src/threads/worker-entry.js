// A worker thread's entry: the face worker, compiled JavaScript in the package. When deckwright runs from
// its TypeScript sources (its tests), hooks that compile them are registered first.
import { register } from 'node:module'
import { workerData } from 'node:worker_threads'

if (workerData.entry.endsWith('.ts')) register('./source-hooks.js', import.meta.url)
await import(workerData.entry)
