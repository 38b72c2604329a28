"""Games of the package written again with the kit: the proof that a description plays exactly the
games of a hand-written engine (``tests/kit`` compares them move by move).

:data:`COLORETTO` is Coloretto's rows as ``plateau_lab.games.coloretto`` plays them by the
rulebook (the brown side of the summary card, no golden joker).

:data:`OH_HELL` is Oh Hell as ``plateau_lab.games.oh_hell`` plays it by the standard rules: the
cards dealt drawn from the seed (1 to the most the deck allows), the next card turned up for trumps,
bids with the hook rule, a point a trick and 10 more for the exact bid.

>>> state = OH_HELL.new_game(4, seed=11)
>>> state.phase, state.current_player == (state.dealer + 1) % 4
('bid', True)

:data:`SCHEMES` is The Syndicate's shape on a deck of three plain suits: hands of 5, 4 and 3, the
leader (the mastermind) drawing up to 5 before he leads, a lead with a second card laid face down
or not, the lead passing left each turn, one against two, and play to 12 points.

>>> game = SCHEMES.new_game(3, seed=2)
>>> [len(hand) for hand in game.hands], game.current_player == (game.dealer + 1) % 3
([5, 4, 3], True)
>>> while not game.is_over:
...     game = game.apply(game.legal_actions()[-1])
>>> max(game.scores) >= 12
True
"""

from __future__ import annotations

__all__ = ["COLORETTO", "COLORETTO_DESCRIPTION", "CROWN_OF", "DECKTET", "FACTS", "OH_HELL", "OH_HELL_DESCRIPTION",
           "SCHEMES", "SCHEMES_DESCRIPTION", "SYNDICATE", "SYNDICATE_DESCRIPTION", "WIMMULN", "WIMMULN_DESCRIPTION"]

from .description import Bidding, Scoring, TrickGame, Turns
from .game import define
from .rows import RowGame


COLORETTO_DESCRIPTION = RowGame(
    name="kit_coloretto",
    title="Coloretto (with the kit)",
    players=range(2, 6),
    colours=["blue", "brown", "green", "grey", "orange", "pink", "yellow"],
    per_colour=9,
    plus_twos=10,
    jokers=3,
    colours_removed={2: 2, 3: 1},
    start_cards={2: 2},
    row_capacity=3,
    capacities={2: (1, 2, 3)},
    end_card_depth=15,
    points=(1, 3, 6, 10, 15, 21),
    plus_colours=3,
    plus_two_points=2,
)

#: Coloretto's rows, described with the kit and registered as ``kit_coloretto``.
COLORETTO = define(COLORETTO_DESCRIPTION)


OH_HELL_DESCRIPTION = TrickGame(
    name="kit_oh_hell",
    title="Oh Hell (with the kit)",
    players=range(3, 8),
    suits="CDSH",
    ranks="2 3 4 5 6 7 8 9 10 J Q K A",
    hand_size=lambda players, most, rng: rng.randint(1, most),
    trumps="turned up",
    bidding=Bidding(hook_rule=True),
    scoring=Scoring(per_trick=1, exact_bid_bonus=10),
    rules={"hand_size": "Each player is dealt from 1 card to as many as the deck allows, drawn at random."},
)

#: Oh Hell, described with the kit and registered as ``kit_oh_hell``.
OH_HELL = define(OH_HELL_DESCRIPTION)


def _cross_bonus(face_up: int, face_down: int, tricks: int) -> int:
    """Wimmüln's bonus for the cross ``face_up`` over ``face_down`` when ``tricks`` were won."""
    if face_up == face_down:
        return 25 if tricks == face_up else 0
    if tricks == face_down:
        return 5 if face_down < face_up else 10
    if tricks == face_up:
        return 10 if face_up < face_down else 20
    return 0


def _colours_in_play(deck, players, rng):
    gone = set(rng.sample("RBGYK", 2)) if players == 3 else set()
    return [card for card in deck if card.suit not in gone]


def _wimmuln_trumps(shown, table):
    first, second = shown
    if first.rank == second.rank or first.suit == second.suit:
        return None
    return min(shown, key=lambda card: card.strength).suit


WIMMULN_DESCRIPTION = TrickGame(
    name="kit_wimmuln",
    title="Wimmüln, one round (with the kit)",
    players=range(3, 7),
    suits={"R": "red", "B": "blue", "G": "green", "Y": "yellow", "K": "black"},
    ranks="0 1 2 3 4 5 6 7 8 9",
    cards=[number + colour for colour in "RBGYK" for number in "0 1 1 2 3 4 5 6 7 7 8 9".split()],
    in_play=_colours_in_play,
    hand_size=lambda players, most, rng: most,
    shown=2,
    trumps=_wimmuln_trumps,
    first_card=lambda shown, table: max(shown, key=lambda card: card.strength) if table.trumps else None,
    bidding=Bidding(cards=2),
    scoring=Scoring(per_trick=0, card_points={"0": 1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 2, "7": 2, "8": 1},
                    score=lambda result, table: result.points + _cross_bonus(
                        *(int(card.rank) for card in result.bid), result.tricks)),
    rules={"in_play": "With 3 players, two colours chosen at random leave the game.",
           "hand_size": "The cards in play are shared out equally.",
           "trumps": "The suit of the lower of those two is trumps, unless they have the same number or suit "
                     "(then there are no trumps).",
           "first_card": "With trumps, the higher shown card stays face up as the first card of the first trick; "
                         "without, the dealer chooses that card.",
           "score": "Each triangle on a card won scores 1 (one on 0, 2, 3, 4, 5, 8; two on 6 and 7). Winning "
                    "exactly the tricks of the face-down card of your cross scores 5 if it is the lower, 10 if the "
                    "higher; of the face-up card twice that; of both cards when they are equal, 25."},
)

#: Wimmüln's round, described with the kit and registered as ``kit_wimmuln``.
WIMMULN = define(WIMMULN_DESCRIPTION)


def _counts(card, led) -> int:
    """A card's number, when it is of the suit led (else it counts for nobody)."""
    return int(card.rank) if card.suit == led else 0


def _plot_winners(trick, table):
    """The mastermind, when his lead and face-down card count more than the others' answers; both
    others, when they count more; nobody on equal totals."""
    (mastermind, lead), answers = trick[0], trick[1:]
    plot = _counts(lead, table.led) + (_counts(table.face_down, table.led) if table.face_down else 0)
    foil = sum(_counts(card, table.led) for _, card in answers)
    if plot == foil:
        return None
    return mastermind if plot > foil else [seat for seat, _ in answers]


SCHEMES_DESCRIPTION = TrickGame(
    name="kit_schemes",
    title="Schemes (The Syndicate's shape, with the kit)",
    players=3,
    suits={"P": "plots", "L": "places", "E": "events"},
    ranks="1 2 3 4 5 6 7 8 9",
    hand_size=(5, 4, 3),
    turns=Turns(draw_to=5, play_to=12),
    leads="left",
    face_down_lead=True,
    trick_winner=_plot_winners,
    scoring=Scoring(trick_points=lambda winners, table: 1 if len(winners) > 1 or table.face_down else 2),
    rules={"trick_winner": "The leader's card, and his face-down card if it is of the suit led, count against "
                           "the cards of the suit led the two others play; the greater total wins (both others "
                           "win together), equal totals win for nobody.",
           "trick_points": "The leader scores 2 when he wins alone with no card face down, else 1; each other "
                           "player scores 1 when they win."},
)

#: The Syndicate's shape on a plain deck, described with the kit and registered as ``kit_schemes``.
SCHEMES = define(SCHEMES_DESCRIPTION)


#: The Decktet's basic deck as the class writes it: rank, name, suits, marks (Personality,
#: Location, Event); Aces have no mark, Crowns count 10.
DECKTET = """A Ace of Moons: Moons | A Ace of Suns: Suns | A Ace of Waves: Waves | A Ace of Leaves: Leaves
A Ace of Wyrms: Wyrms | A Ace of Knots: Knots
2 Author: Moons Knots P | 2 Desert: Suns Wyrms L | 2 Origin: Waves Leaves L E
3 Journey: Moons Waves E | 3 Painter: Suns Knots P | 3 Savage: Leaves Wyrms P
4 Mountain: Moons Suns L | 4 Sailor: Waves Leaves P | 4 Battle: Wyrms Knots E
5 Forest: Moons Leaves L | 5 Discovery: Suns Waves E | 5 Soldier: Wyrms Knots P
6 Lunatic: Moons Waves P | 6 Penitent: Suns Wyrms P | 6 Market: Leaves Knots L E
7 Chance Meeting: Moons Leaves E | 7 Castle: Suns Knots L | 7 Cave: Waves Wyrms L
8 Diplomat: Moons Suns P | 8 Mill: Waves Leaves L | 8 Betrayal: Wyrms Knots E
9 Pact: Moons Suns E | 9 Darkness: Waves Wyrms L | 9 Merchant: Leaves Knots P
C Huntress: Moons P | C Bard: Suns P | C Sea: Waves L | C End: Leaves L E | C Calamity: Wyrms E | C Windfall: Knots E"""
def _facts(entry: str) -> tuple[str, tuple[str, list[str], set[str]]]:
    """A card of DECKTET: its name, and its rank, suits and marks."""
    rank_and_name, words = entry.split(":")
    return rank_and_name[2:], (rank_and_name[0], [word for word in words.split() if len(word) > 1],
                               {word for word in words.split() if len(word) == 1})


#: Each card's name: (its rank, its suits, its marks); and the Crown of each suit.
FACTS = dict(_facts(entry) for entry in DECKTET.replace("\n", " | ").split(" | "))
CROWN_OF = {suits[0]: name for name, (rank, suits, _) in FACTS.items() if rank == "C"}


def _shares(card, lead) -> bool:
    """Whether ``card`` follows ``lead`` and counts in its scheme: it shares a mark (after an Ace,
    the Ace's suit)."""
    rank, suits, marks = FACTS[lead.name]
    return suits[0] in FACTS[card.name][1] if rank == "A" else bool(marks & FACTS[card.name][2])


def _scheme_winners(trick, table):
    """The mastermind's lead and counting face-down card against the enforcers' counting answers."""
    (mastermind, lead), answers = trick[0], [card for _, card in trick[1:]]
    played = {card.name for card in [lead, table.face_down, *answers] if card is not None}

    def value(card):
        if card == lead and lead.rank == "A":
            return 11 if CROWN_OF[FACTS[lead.name][1][0]] in played else 1
        return 10 if card.rank == "C" else int(card.rank)

    plot = sum(value(card) for card in (lead, table.face_down) if card is not None and _shares(card, lead))
    foil = sum(value(card) for card in answers if _shares(card, lead))
    if plot == foil:
        return None
    return mastermind if plot > foil else [seat for seat, _ in trick[1:]]


SYNDICATE_DESCRIPTION = TrickGame(
    name="kit_syndicate",
    title="The Syndicate (with the kit)",
    players=3,
    suits={"P": "personalities", "L": "locations", "E": "events", "N": "Aces"},
    ranks="A 2 3 4 5 6 7 8 9 C",
    cards={name: rank + (min(marks, key="PLE".index) if marks else "N") for name, (rank, _, marks) in FACTS.items()},
    hand_size=(5, 4, 3),
    turns=Turns(draw_to=5, play_to=12),
    leads="left",
    face_down_lead=True,
    may_play=lambda hand, table: [card for card in hand if _shares(card, table.trick[0][1])] or hand
    if table.trick else hand,
    trick_winner=_scheme_winners,
    scoring=Scoring(trick_points=lambda winners, table: 1 if len(winners) > 1 or table.face_down else 2),
    rules={"may_play": "The others must play a card sharing a mark with the lead (after an Ace, its suit) if "
                       "they can.",
           "trick_winner": "Cards sharing a mark with the lead (after an Ace, its suit) count their number, a "
                           "Crown 10, the Ace led 11 if its suit's Crown was played, else 1: the mastermind's "
                           "lead and face-down card against the others' cards; the greater total wins (both "
                           "others together), equal totals win for nobody.",
           "trick_points": "A plot won scores 2 for the mastermind, 1 if he laid a card face down; a plot foiled "
                           "scores 1 for each of the others."},
)

#: The Syndicate, described with the kit and registered as ``kit_syndicate``.
SYNDICATE = define(SYNDICATE_DESCRIPTION)
