/** Where something is written in a file: 1-based line and column, and where it ends when known. */
export interface SourcePos {
  line: number
  column: number
  endLine?: number
  endColumn?: number
}

/** A value as written in a card file, with where it was written. */
export interface RawValue {
  value: unknown
  pos: SourcePos
}

/** One card record as read from YAML or CSV, before it is checked against its card type. */
export interface RawCard {
  file: string
  pos: SourcePos
  values: Map<string, RawValue>
  /** The field names as written, with their positions (for unknown-field diagnostics). */
  keys: Map<string, SourcePos>
}

/** A card file: its cards and deck-level settings that apply to every card in it (type, set). */
export interface RawCardFile {
  /** The file (relative to the project); a workbook's sheet is `<workbook>#<sheet>` (see `sheetFile`). */
  file: string
  /** A workbook's sheet: its name, which names its cards' type as a file's name does. */
  sheet?: string
  defaults: Map<string, RawValue>
  cards: RawCard[]
  /**
   * The file does not parse (a YAML syntax error, a CSV header row that does not) or could not be read (not
   * UTF-8, too large): what was read of its cards is a guess or nothing, so they are not checked (a misplaced
   * indent would report every field of the card around it) and its types' deck checks wait.
   */
  unreadable?: boolean
  /** Some of its cards could not be read (a CSV row with a syntax error, left out): its types' deck checks wait. */
  rowsLeftOut?: boolean
}
