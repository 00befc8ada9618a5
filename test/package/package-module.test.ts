// deckwright installed from its tarball into a designer's "module" package: see suite.ts.
import { packageTests } from './suite.ts'

packageTests(['module'], false)
