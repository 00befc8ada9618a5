import type { ReactNode } from 'react'
import { defineTemplates, type FaceContext } from 'deckwright'
import { Face, FitText, IconRow, defaultRoles, safeArea, SplitFront, Title, ValueBadge, type HalfArea, type InlineWords } from 'deckwright/components'
import game from '../../rules/maybe-movies/game.ts'

type Ctx = FaceContext<typeof game>

/** Cinema colours: a velvet-curtain back with gold trim. */
const CURTAIN = '#5b1a2a'
const GOLD = '#e2b53e'

/** Inline icons of rule text besides the genres: the votes' thumbs (`1 per [yes] YES-voter`). */
const WORDS: InlineWords = {
  yes: { label: 'YES', icon: 'game-icons:thumb-up', color: defaultRoles.green.color },
  no: { label: 'NO', icon: 'game-icons:thumb-down', color: defaultRoles.red.color },
}

/** The shared back of a deck: the game's name, the deck's name and its emblem. */
const Back = ({ ctx, deck, icon }: { ctx: Ctx; deck: string; icon: string }) => {
  const ink = ctx.inkFriendly ? CURTAIN : '#ffffff'
  return (
    <Face ctx={ctx} background={ctx.inkFriendly ? '#ffffff' : CURTAIN} style={{ alignItems: 'center', justifyContent: 'center', color: ink }}>
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', flexGrow: 1, width: '100%', border: `${ctx.mm(0.8)}px solid ${GOLD}`, borderRadius: ctx.mm(3) }}>
        <img src={ctx.icon(icon, GOLD)} width={ctx.box.width * 0.3} height={ctx.box.width * 0.3} />
        <Title ctx={ctx} text="Maybe Movies" width={safeArea(ctx).width - ctx.mm(4)} size={ctx.box.width * 0.085} color={ink} style={{ marginTop: ctx.mm(2) }} />
        <div style={{ display: 'flex', fontSize: ctx.mm(2.8), letterSpacing: ctx.mm(0.5), color: GOLD, marginTop: ctx.mm(1) }}>{deck}</div>
      </div>
    </Face>
  )
}

/**
 * A number in a disc, underlined when it reads as another number upside down (6 and 9): every one of this
 * game's is read either way up (a vote's or change's corners, a movie's turned half).
 */
const Disc = ({ ctx, n, size, fill, ink }: { ctx: Ctx; n: number; size: number; fill: string; ink: string }) => <ValueBadge ctx={ctx} value={n} size={size} fill={fill} ink={ink} readUpsideDown />

/** A corner of a vote-sized card; the second one is turned, so a card in a fanned hand reads from both ends. */
const Corner = ({ turned, children }: { turned: boolean; children: ReactNode }) => (
  <div style={{ display: 'flex', width: '100%', justifyContent: turned ? 'flex-end' : 'flex-start', transform: turned ? 'rotate(180deg)' : undefined }}>{children}</div>
)

/** The genres of a Movie Card, with their names: the icon carries the genre, the word carries it in greyscale. */
const Genres = ({ ctx, words, size }: { ctx: Ctx; words: readonly string[]; size: number }) => (
  <div style={{ display: 'flex', alignItems: 'center' }}>
    <IconRow ctx={ctx} vocabulary="genres" words={words} size={size} />
    <div style={{ display: 'flex', flexDirection: 'column', marginLeft: ctx.mm(1.5), fontSize: ctx.mm(2.6), fontWeight: 700, letterSpacing: ctx.mm(0.2) }}>
      {words.map((w) => (
        <div key={w} style={{ display: 'flex' }}>{ctx.word('genres', w).label.toUpperCase()}</div>
      ))}
    </div>
  </div>
)

/** One half of a Movie Card: the title, the amount (a number, or a text on Blockbusters) and the genres. */
const MovieHalf = ({ ctx, area, title, amount, field, genres, fill, blockbuster }: { ctx: Ctx; area: HalfArea; title: string; amount: number | string; field: 'budget' | 'profit'; genres: readonly string[]; fill: string; blockbuster: boolean }) => (
  <div style={{ display: 'flex', flexDirection: 'column', width: '100%', alignItems: 'center' }}>
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', width: '100%' }}>
      {typeof amount === 'number' ? (
        <Disc ctx={ctx} n={amount} size={ctx.mm(14)} fill="#ffffff" ink={fill} />
      ) : (
        <div style={{ display: 'flex', width: ctx.mm(30), height: ctx.mm(16), background: '#ffffff', color: '#1b1b1b', borderRadius: ctx.mm(2), padding: ctx.mm(1.2), alignItems: 'center', justifyContent: 'center' }}>
          <FitText ctx={ctx} field={field} text={amount} width={ctx.mm(30 - 2.4)} height={ctx.mm(16 - 2.4)} size={ctx.mm(3)} words={WORDS} />
        </div>
      )}
      <Genres ctx={ctx} words={genres} size={ctx.mm(genres.length > 1 ? 8 : 10)} />
    </div>
    <div style={{ display: 'flex', alignItems: 'center', marginTop: ctx.mm(2.2) }}>
      {blockbuster ? <img src={ctx.icon('game-icons:star-formation', GOLD)} width={ctx.mm(4)} height={ctx.mm(4)} style={{ marginRight: ctx.mm(1) }} /> : null}
      <Title ctx={ctx} field="title" text={title} width={area.width - (blockbuster ? ctx.mm(5) : 0)} size={ctx.mm(3.8)} color={area.ink} />
    </div>
  </div>
)

const movieFront = (ctx: Ctx, card: { fields: { title: string; genres: string[]; budget: number | string; profit: number | string } }, blockbuster: boolean) => {
  const { title, genres, budget, profit } = card.fields
  return (
    <SplitFront
      ctx={ctx}
      first={{ children: (area) => <MovieHalf ctx={ctx} area={area} title={title} amount={budget} field="budget" genres={genres} fill={defaultRoles.orange.color} blockbuster={blockbuster} /> }}
      second={{ children: (area) => <MovieHalf ctx={ctx} area={area} title={title} amount={profit} field="profit" genres={genres} fill={defaultRoles.green.color} blockbuster={blockbuster} /> }}
    />
  )
}

export default defineTemplates(game, {
  fonts: [], // Inter and Bitter Bold come with deckwright
  types: {
    vote: {
      front: (card, ctx) => {
        const { vote, value, genre } = card.fields
        const yes = vote === 'YES'
        const role = defaultRoles[yes ? 'green' : 'red']
        const bg = ctx.inkFriendly ? '#ffffff' : role.color
        const ink = ctx.inkFriendly ? role.color : '#ffffff'
        const word = ctx.word('genres', genre)
        const corner = (turned: boolean) => (
          <Corner turned={turned}>
            <div style={{ display: 'flex', alignItems: 'center' }}>
              <Disc ctx={ctx} n={value} size={ctx.mm(8)} fill={ink} ink={bg} />
              <div style={{ display: 'flex', marginLeft: ctx.mm(1), fontSize: ctx.mm(3.2), fontWeight: 700 }}>{yes ? '+' : '−'}{value}</div>
            </div>
          </Corner>
        )
        return (
          <Face ctx={ctx} background={bg} style={{ color: ink, justifyContent: 'space-between', border: ctx.inkFriendly ? `${ctx.mm(1)}px solid ${role.color}` : undefined }}>
            {corner(false)}
            <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              <div style={{ display: 'flex', alignItems: 'center' }}>
                <img src={ctx.icon(yes ? 'game-icons:thumb-up' : 'game-icons:thumb-down', ink)} width={ctx.mm(8)} height={ctx.mm(8)} />
                <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(8), marginLeft: ctx.mm(1.5) }}>{vote}</div>
              </div>
              <div style={{ display: 'flex', marginTop: ctx.mm(1.5) }}>
                <IconRow ctx={ctx} vocabulary="genres" words={Array<string>(value).fill(genre)} size={ctx.mm(value > 2 ? 8.5 : 10)} />
              </div>
              <div style={{ display: 'flex', fontSize: ctx.mm(3), fontWeight: 700, letterSpacing: ctx.mm(0.3), marginTop: ctx.mm(0.8) }}>{word.label.toUpperCase()}</div>
            </div>
            {corner(true)}
          </Face>
        )
      },
      back: (_, ctx) => <Back ctx={ctx} deck="VOTE" icon="game-icons:popcorn" />,
    },
    change: {
      front: (card, ctx) => {
        const role = defaultRoles.purple
        const bg = ctx.inkFriendly ? '#ffffff' : role.color
        const ink = ctx.inkFriendly ? role.color : '#ffffff'
        const corner = (turned: boolean) => (
          <Corner turned={turned}>
            <Disc ctx={ctx} n={card.fields.number} size={ctx.mm(8)} fill={ink} ink={bg} />
          </Corner>
        )
        return (
          <Face ctx={ctx} background={bg} style={{ color: ink, justifyContent: 'space-between', border: ctx.inkFriendly ? `${ctx.mm(1)}px solid ${role.color}` : undefined }}>
            {corner(false)}
            <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              <img src={ctx.icon('game-icons:cycle', ink)} width={ctx.mm(14)} height={ctx.mm(14)} />
              <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(6.5), marginTop: ctx.mm(1) }}>CHANGE</div>
              <div style={{ display: 'flex', fontSize: ctx.mm(2.6), marginTop: ctx.mm(0.8), textAlign: 'center' }}>add and/or remove a card</div>
            </div>
            {corner(true)}
          </Face>
        )
      },
      // Never drawn: CHANGE tokens are shuffled into the Votes and show the Votes' back.
      back: (_, ctx) => <Back ctx={ctx} deck="VOTE" icon="game-icons:popcorn" />,
    },
    movie: {
      front: (card, ctx) => movieFront(ctx, card, false),
      back: (_, ctx) => <Back ctx={ctx} deck="MOVIE" icon="game-icons:clapperboard" />,
    },
    blockbuster: {
      front: (card, ctx) => movieFront(ctx, card, true),
      // Never drawn when Movie Cards are in play: Blockbusters are shuffled into them and show their back.
      back: (_, ctx) => <Back ctx={ctx} deck="MOVIE" icon="game-icons:clapperboard" />,
    },
  },
})
