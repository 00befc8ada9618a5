import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Several tests run the real command or build a game: seconds each on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
})
