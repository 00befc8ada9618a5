import { say } from '../util/say.ts'

/**
 * The words deckwright prints itself in what it makes for players (the booklet's cover, contents and
 * credits, the print sheets' credits page), in the outputs' language. `{name}` is filled in.
 */
export interface OutputWords {
  /** A player count as the front matter gives it ("3–6"). */
  players: string
  minutes: string
  ages: string
  rulesOfPlay: string
  version: string
  contents: string
  credits: string
  typefaces: string
  icons: string
  madeWith: string
  /** Said after `madeWith` when the faces were drawn with takumi rather than satori + resvg. */
  drawnWith: string
  /** A font's maker and licence. */
  fontLicence: string
  /** An icon set's maker, licence and the icons of theirs drawn (as game-icons.net asks to be credited). */
  iconLicence: string
  npmPackage: string
  /** What a picture or an example that cannot be drawn is labelled. */
  image: string
  example: string
  /** A deck's count of cards, on its tuck box ("48 cards"). */
  cards: string
}

const en: OutputWords = {
  players: '{n} players',
  minutes: '{n} minutes',
  ages: 'Ages {n}',
  rulesOfPlay: 'Rules of play',
  version: 'version {version}',
  contents: 'Contents',
  credits: 'Credits',
  typefaces: 'Typefaces',
  icons: 'Icons',
  madeWith: 'Made with deckwright.',
  drawnWith: 'Faces drawn with {renderer}.',
  fontLicence: '{maker}. Licensed under the {license}.',
  iconLicence: 'Icons made by {maker}, under {license}: {icons}.',
  npmPackage: 'npm package {name}',
  image: 'Image',
  example: 'Example',
  cards: '{n} cards',
}

/** The languages deckwright prints its own words in; any other gets English. */
const WORDS: Record<string, OutputWords> = {
  en,
  nl: {
    players: '{n} spelers',
    minutes: '{n} minuten',
    ages: '{n} jaar',
    rulesOfPlay: 'Spelregels',
    version: 'versie {version}',
    contents: 'Inhoud',
    credits: 'Verantwoording',
    typefaces: 'Lettertypen',
    icons: 'Iconen',
    madeWith: 'Gemaakt met deckwright.',
    drawnWith: 'Kaarten getekend met {renderer}.',
    fontLicence: '{maker}. In licentie gegeven onder de {license}.',
    iconLicence: 'Iconen gemaakt door {maker}, onder {license}: {icons}.',
    npmPackage: 'npm-pakket {name}',
    image: 'Afbeelding',
    example: 'Voorbeeld',
    cards: '{n} kaarten',
  },
  de: {
    players: '{n} Spieler',
    minutes: '{n} Minuten',
    ages: '{n} Jahre',
    rulesOfPlay: 'Spielregeln',
    version: 'Version {version}',
    contents: 'Inhalt',
    credits: 'Quellen',
    typefaces: 'Schriften',
    icons: 'Symbole',
    madeWith: 'Erstellt mit deckwright.',
    drawnWith: 'Karten gezeichnet mit {renderer}.',
    fontLicence: '{maker}. Lizenziert unter der {license}.',
    iconLicence: 'Symbole von {maker}, unter {license}: {icons}.',
    npmPackage: 'npm-Paket {name}',
    image: 'Bild',
    example: 'Beispiel',
    cards: '{n} Karten',
  },
  fr: {
    players: '{n} joueurs',
    minutes: '{n} minutes',
    ages: '{n} ans',
    rulesOfPlay: 'Règles du jeu',
    version: 'version {version}',
    contents: 'Sommaire',
    credits: 'Crédits',
    typefaces: 'Polices',
    icons: 'Icônes',
    madeWith: 'Réalisé avec deckwright.',
    drawnWith: 'Cartes dessinées avec {renderer}.',
    fontLicence: '{maker}. Sous licence {license}.',
    iconLicence: 'Icônes de {maker}, sous licence {license} : {icons}.',
    npmPackage: 'paquet npm {name}',
    image: 'Image',
    example: 'Exemple',
    cards: '{n} cartes',
  },
  es: {
    players: '{n} jugadores',
    minutes: '{n} minutos',
    ages: '{n} años',
    rulesOfPlay: 'Reglas del juego',
    version: 'versión {version}',
    contents: 'Índice',
    credits: 'Créditos',
    typefaces: 'Tipografías',
    icons: 'Iconos',
    madeWith: 'Hecho con deckwright.',
    drawnWith: 'Cartas dibujadas con {renderer}.',
    fontLicence: '{maker}. Con licencia {license}.',
    iconLicence: 'Iconos de {maker}, con licencia {license}: {icons}.',
    npmPackage: 'paquete npm {name}',
    image: 'Imagen',
    example: 'Ejemplo',
    cards: '{n} cartas',
  },
  it: {
    players: '{n} giocatori',
    minutes: '{n} minuti',
    ages: '{n} anni',
    rulesOfPlay: 'Regole del gioco',
    version: 'versione {version}',
    contents: 'Indice',
    credits: 'Crediti',
    typefaces: 'Caratteri',
    icons: 'Icone',
    madeWith: 'Realizzato con deckwright.',
    drawnWith: 'Carte disegnate con {renderer}.',
    fontLicence: '{maker}. Con licenza {license}.',
    iconLicence: 'Icone di {maker}, con licenza {license}: {icons}.',
    npmPackage: 'pacchetto npm {name}',
    image: 'Immagine',
    example: 'Esempio',
    cards: '{n} carte',
  },
  pt: {
    players: '{n} jogadores',
    minutes: '{n} minutos',
    ages: '{n} anos',
    rulesOfPlay: 'Regras do jogo',
    version: 'versão {version}',
    contents: 'Índice',
    credits: 'Créditos',
    typefaces: 'Tipos de letra',
    icons: 'Ícones',
    madeWith: 'Feito com deckwright.',
    drawnWith: 'Cartas desenhadas com {renderer}.',
    fontLicence: '{maker}. Licenciado sob a {license}.',
    iconLicence: 'Ícones de {maker}, sob a licença {license}: {icons}.',
    npmPackage: 'pacote npm {name}',
    image: 'Imagem',
    example: 'Exemplo',
    cards: '{n} cartas',
  },
}

/** The languages deckwright has its own words in. */
export const OUTPUT_LANGUAGES = Object.keys(WORDS)

/** deckwright's own words in a language (`pt-BR` → Portuguese); English for a language it does not have. */
export const outputWords = (lang = 'en'): OutputWords =>
  WORDS[lang.toLowerCase()] ?? WORDS[lang.toLowerCase().split('-')[0]!] ?? en

/** The credits' last line: made with deckwright, and with which renderer when it was not satori + resvg (`drawnBy`). */
export const madeWithLine = (words: OutputWords, drawnBy?: string): string =>
  drawnBy ? `${words.madeWith} ${say(words.drawnWith, { renderer: drawnBy })}` : words.madeWith
