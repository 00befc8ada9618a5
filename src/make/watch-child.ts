/** Marks the build process a watch runs; it builds again when told, its modules (and the renderer) warm. */
export const WATCH_CHILD = 'DECKWRIGHT_WATCH_CHILD'
