/**
 * Why a path from card data or rules cannot name a file of the game, or undefined when it can: a path
 * relative to the game's folder, in `/`-separated parts, none of them `..` (symlinks are checked where the
 * file is read). What the path names is never looked at here, so the message says nothing of what exists.
 */
export const pathProblem = (path: string): string | undefined => {
  if (path.length > 255) return 'it is longer than 255 characters'
  if (/[\u0000-\u001f\\]/.test(path)) return 'use "/" between folders, and no control characters'
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path) || /^[a-z][a-z0-9+.-]*:/i.test(path))
    return "it must be relative to the game's folder, not absolute or a URL"
  if (path.split('/').some((part) => part === '..')) return 'it must stay inside the game\'s folder (no "..")'
  return undefined
}
