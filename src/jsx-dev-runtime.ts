// The development JSX runtime (`jsxDEV`), for tools that compile a game's templates in development mode
// (a test runner, an editor's preview): React's, reached through deckwright like jsx-runtime.
export { Fragment, jsxDEV } from 'react/jsx-dev-runtime'
export type { JSX } from 'react/jsx-dev-runtime'
