// deckwright installed from its tarball into a designer's "commonjs" package (npm's default): see suite.ts.
import { packageTests } from './suite.ts'

packageTests(['commonjs'], true)
