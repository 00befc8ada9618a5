// A worker thread's entry: tsx first (templates and game definitions are TypeScript), then the face worker.
import { register } from 'tsx/esm/api'

register()
await import('./face-worker.ts')
