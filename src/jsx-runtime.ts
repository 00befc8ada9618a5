// The JSX runtime a game's templates are compiled with (`jsxImportSource: "deckwright"`): React's, reached
// through deckwright, so that a designer's project needs neither react nor @types/react of its own.
export { Fragment, jsx, jsxs } from 'react/jsx-runtime'
export type { JSX } from 'react/jsx-runtime'
