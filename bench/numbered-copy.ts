import type { YAMLMap } from 'yaml'

/**
 * A card copied to grow a game for a bench: its id and title numbered ("Quiet Night 12", the title cut to
 * 14 characters so that the number fits), so that every copy is a distinct face.
 */
export const numberedCopy = (card: YAMLMap, k: number): YAMLMap => {
  const copy = card.clone() as YAMLMap
  copy.set('id', `${copy.get('id')}-${k}`)
  copy.set('title', `${String(copy.get('title')).slice(0, 14)} ${k}`)
  return copy
}
