"""What a move of Le Plateau does, in the game's words, from what the seat moving sees: the reason
the expert's analysis gives beside each move (:func:`reasons`, read by
:meth:`~plateau_lab.games.le_plateau.expert_model.LePlateauModel.reason`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from plateau_lab.core import Deal, Play, count_of
from plateau_lab.core.imagining import chance_words, count_words, trick_reason
from plateau_lab.hexboard import DECLARERS, OPPONENTS, distance

from .actions import Abdicate, Call, Discard, Give, Keep, MakeBid, Pass, PickGroup, Raise
from .bidding import SOLO
from .cards import SUIT_NAMES, TRUMP, Card
from .rules import PLAY, trick_winner
from .scoring import points_of

__all__ = ["reasons", "trick_leader"]

#: The last board and objective asked about, and the answer (a search): the moves of one decision share it.
_NEEDED: list[Any] = [None, None, None]


def _needed(state):
    """The fewest free spaces the declarers' objective still needs on the board (public), and one
    such set of spaces; None when it can no longer be made."""
    board, objective = state.board, state.contract.objective
    if _NEEDED[0] is not board or _NEEDED[1] is not objective:
        _NEEDED[:] = [board, objective, distance(board, DECLARERS, objective)]
    return _NEEDED[2]


@lru_cache(maxsize=512)
def _spaces_needed(board, objective, lost: frozenset = frozenset()) -> int | None:
    """How many free spaces the declarers' ``objective`` needs at least on ``board`` once the
    opponents hold the spaces ``lost`` too (a discarded card's, a talon group's set aside); None
    when it can no longer be made."""
    for cell in lost:
        if cell not in board.counters:
            board = board.place(cell, OPPONENTS)
    found = distance(board, DECLARERS, objective)
    return None if found is None else found[0]


def reasons(state, seat, action, shares=()) -> str:
    """What a move of Le Plateau does, in the game's words, from what ``seat`` sees (its hand, its
    own discards and gifts, the board, the bids and the cards face up), never naming a card it
    cannot see. Players are named by seat, never as partners (a called partner may not be known
    yet).

    - a bid or a pass: the trumps in the seat's hand; a bid, how often the seat ends up the declarer
      (from ``shares``: :meth:`.expert_model.LePlateauModel.judge`); a pass, what it leaves of the bidding;
    - a talon group picked (4 players, full deck): what the group brings to the hand, and the
      spaces of the group set aside, which the opponents take now;
    - a discard, or a card given (6 players): the suit it shortens or empties (an empty suit may be
      trumped), whether it gives up a card no other card of its kind can beat, and its space on
      the board (a discarded card never comes up in a trick: the opponents take its space after
      the last trick); a card given, whether its receiver may be called as the partner and how
      often he ends up on the seat's side (from ``shares``);
    - a call: who becomes the partner, or why nobody will;
    - keeping or raising the objective, abdicating: what the contract is then worth to the seat;
    - a card played: what it does to the trick (how often no one after it could beat it, from
      ``shares``: :meth:`.expert_model.LePlateauModel.tally`), whether it brings a space the declarers'
      formation needs, and how many spaces it still needs;
    - dealing: which hand starts and who bids first.

    >>> from plateau_lab.games import le_plateau
    >>> state = le_plateau.new_game(4, seed=3)
    >>> reasons(state, state.current_player, state.legal_actions()[0])           # doctest: +ELLIPSIS
    'passes, with ... in your hand: you cannot bid again this hand'
    >>> state = le_plateau.scenario("players: 3\\nhand 0: 21 20 3 2 RS DS 10S RH DH CH VH RC 10D\\n"
    ...                             "talon: 19 VS 10H\\nbid: 0 Exchange Y")
    >>> reasons(state, 0, le_plateau.parse_action("discard 10D"))
    'discards the 10 of diamonds face down: leaves you no diamonds, so you can trump when diamonds are led'
    """
    for kind, say in _SAYERS:
        if isinstance(action, kind):
            return say(state, seat, action, shares)
    return ""


def _bid_or_pass(state, seat, action, shares) -> str:
    """The trumps in the seat's hand and, for a bid, how often the seat ends up the declarer in the
    imagined deals (the others bidding on as the steady bot would: :meth:`.expert_model.LePlateauModel.judge`)."""
    trumps = sum(card.suit == TRUMP for card in state.hands[seat])
    verb = "passes" if isinstance(action, Pass) else f"bids to make a {action.bid.objective}"
    said = f"{verb}, with {count_words(trumps, 'trump')} in your hand"
    if isinstance(action, MakeBid):
        return said + (f": you end up the declarer {chance_words(shares[1])}" if len(shares) > 1 else "")
    high, others_passed = state.high_bid, len(state.passed)
    if high is None and others_passed == state.players - 1:
        return f"{said}: nobody has bid, so the hand is passed out"
    if high is not None and others_passed == state.players - 2:
        return f"{said}: player {high[0]} then declares {high[1]}"
    return f"{said}: you cannot bid again this hand"


def _pick(state, seat, action, shares) -> str:
    """4 players, full deck: both talon groups lie face up; the one picked joins the hand, the
    other is set aside and the opponents take its cards' spaces."""
    picked, other = (state.talon[:3], state.talon[3:]) if action.group == 1 else (state.talon[3:], state.talon[:3])
    trumps = sum(card.suit == TRUMP for card in state.hands[seat] + picked)
    said = (f"takes {_card_list(picked)} into your hand ({_strength(picked)}): you then hold "
            f"{count_words(trumps, 'trump')}")
    cells = _cells_of(state, other)
    if not cells:
        return f"{said}; no card of group {3 - action.group}, set aside, has a space on the board"
    spaces = " and ".join(state.rules.layout[cell] for cell in cells)
    said += f"; the opponents take the {'space' if len(cells) == 1 else 'spaces'} {spaces} of group {3 - action.group}"
    return f"{said}, {_objective_then(state, cells)}"


def _discard(state, seat, action, shares) -> str:
    card = action.card
    said = [f"discards {_the(card)} face down: {_what_it_leaves(state, seat, card)}"]
    if _unbeatable(state, seat, card):
        said.append(f"it gives up {_unbeatable_words(card)}")
    cells = _cells_of(state, (card,))
    if cells:
        said.append(f"its space {state.rules.layout[cells[0]]} never comes up in a trick: the opponents take it "
                    f"after the last trick, {_objective_then(state, cells)}")
    return "; ".join(said)


def _give(state, seat, action, shares) -> str:
    """6 players, Exchange: the card goes face down to a player whose side is not known yet."""
    card, to = action.card, action.to
    said = [f"gives {_the(card)} face down to player {to}: {_what_it_leaves(state, seat, card)}"]
    if _unbeatable(state, seat, card, mine_too=False):
        said.append(f"player {to} gets {_unbeatable_words(card)}, and may turn out to play against you")
    if state.contract.team != SOLO and card.rank == 14 and card.suit != TRUMP:     # a king given is always callable
        said.append(f"you may then call it, and player {to} becomes your partner")
    if len(shares) > 2:
        said.append(f"player {to} ends up on your side {chance_words(shares[2])}")
    cells = _cells_of(state, (card,))
    if cells:
        said.append(f"its space {state.rules.layout[cells[0]]} goes to the side that wins the trick it is played to")
    return "; ".join(said)


def _call(state, seat, action, shares) -> str:
    """Who plays on the seat's side once the card is called, as far as the seat knows: the card may
    lie where nobody holds it (its own discards, the group set aside, the talon face down)."""
    card, discarder = action.card, state.declarer if state.ex_declarer is None else state.ex_declarer
    name = SUIT_NAMES[card.suit]
    held = sum(other.suit == card.suit for other in state.hands[seat])
    yours = f"you hold {count_words(held, name[:-1], name)}"
    if seat == discarder and card in state.discards:
        return f"you discarded the {card.describe()}: nobody holds it, so you call again; {yours}"
    if card in state.set_aside:
        return f"the {card.describe()} lies set aside: nobody holds it, so you call again; {yours}"
    given = next((to for given, to in state.gifts if given == card and card in state.hands[to]), None)
    if seat == state.declarer and given is not None:
        return f"player {given}, to whom you gave the {card.describe()}, plays on your side; {yours}"
    said = f"whoever holds the {card.describe()} plays on your side"
    if state.talon and not state.contract.exchange:
        said += " (if it lies in the talon, nobody does and you call again)"
    return f"{said}; {yours}"


def _raise(state, seat, action, shares) -> str:
    contract = state.contract.raised_to(action.objective)
    was, now = state.rules.value(state.contract), state.rules.value(contract)
    return (f"raises the declarers' objective to a {action.objective}: the bid is worth {now} instead of {was}; "
            f"{_stakes(state, seat, contract, state.declarer, state.partners)}; "
            f"{_fewest_spaces(state, action.objective)}")


def _keep(state, seat, action, shares) -> str:
    objective = state.contract.objective
    return (f"keeps the declarers' objective at a {objective}, worth {state.rules.value(state.contract)}; "
            f"{_stakes(state, seat, state.contract, state.declarer, state.partners)}; "
            f"{_fewest_spaces(state, objective)}")


def _abdicate(state, seat, action, shares) -> str:
    """5 players, counter-sabotage: the partner who raised becomes the declarer."""
    new = state.partners[0]
    return (f"hands the declarer's role to player {new}, who raised, and you play on as the partner: "
            f"{_stakes(state, seat, state.contract, new, (seat,))}; "
            f"{_stakes(state, seat, state.contract, new, (seat,), player=new)}")


def _play(state, seat, action, shares) -> str:
    if state.phase != PLAY:
        return ""
    french = state.rules.french_excuse
    trick = (*state.trick, (seat, action.card))
    if trick_leader(trick, french) is None:
        said = "leads the Excuse, which takes no trick: the next card played sets the suit to follow"
    else:
        said = trick_reason(trick, seat, state.players, lambda cards: trick_leader(cards, french),
                            shares[0] if shares and state.players != 2 else None)
    if french and action.card.is_excuse and len(trick) > 1:
        said += "; the Excuse takes no trick"
    needed = _needed(state)
    objective = state.contract.objective
    if needed is None:
        return f"{said}; the declarers can no longer make their {objective}"
    count, cells = needed
    token = getattr(action.card, "token", None)
    if token and state.rules.cell_of_token.get(token) in cells:
        said += f"; it brings a space the declarers' {objective} needs to the trick"
    return f"{said}; the declarers' {objective} still needs {count_words(count, 'space')}"


def trick_leader(trick, french_excuse: bool) -> int | None:
    """The seat ahead in ``trick`` so far ((seat, card) pairs), or None when no card in it can take
    it: with the French Excuse, the Excuse led alone ("You can never win a trick by playing the
    excuse").

    >>> from plateau_lab.games.le_plateau import parse_card
    >>> excuse, king = parse_card("EXC"), parse_card("RS")
    >>> trick_leader(((2, excuse),), True), trick_leader(((2, excuse), (3, king)), True)
    (None, 3)
    >>> trick_leader(((2, excuse),), False)                 # the rulebook's Excuse: the highest trump
    2
    """
    if french_excuse and all(card.is_excuse for _, card in trick):
        return None
    return trick_winner(trick, french_excuse=french_excuse)


def _deal(state, seat, action, shares) -> str:
    dealer = (state.dealer + 1) % state.players
    return (f"deals hand {state.hand_number + 1} of {state.rules.hands_in_game}: player "
            f"{(dealer + 1) % state.players} bids first")


_SAYERS = ((MakeBid, _bid_or_pass), (Pass, _bid_or_pass), (PickGroup, _pick), (Discard, _discard), (Give, _give),
           (Call, _call), (Raise, _raise), (Keep, _keep), (Abdicate, _abdicate), (Play, _play), (Deal, _deal))


def _card_list(cards) -> str:
    """Cards by their text, "21, RS and 7H"."""
    names = [str(card) for card in cards]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _strength(cards) -> str:
    """What a few cards bring to take tricks: "two trumps and one king", "no trump and no king"."""
    trumps = sum(card.suit == TRUMP for card in cards)
    kings = sum(card.suit != TRUMP and card.rank == 14 for card in cards)
    return f"{count_words(trumps, 'trump')} and {count_words(kings, 'king')}"


def _what_it_leaves(state, seat: int, card: Card) -> str:
    """The suit ``card`` leaves the seat's cards (its hand; with 2 players the face-up pile cards
    too, which it plays like its hand) with, once it is gone."""
    rest = [held for held in state.playable(seat) if held != card]
    if card.suit == TRUMP:
        left = sum(held.suit == TRUMP for held in rest)
        return f"you keep {count_words(left, 'trump')}"
    name = SUIT_NAMES[card.suit]
    left = sum(held.suit == card.suit for held in rest)
    if left:
        return f"leaves you {count_words(left, name[:-1], name)}"
    later = " (unless a pile turns one up)" if state.players == 2 else ""
    return f"leaves you no {name}, so you can trump when {name} are led{later}"


def _unbeatable(state, seat: int, card: Card, *, mine_too: bool = True) -> bool:
    """Whether no other player can beat ``card`` with a card of its suit (a trump: with any card):
    every card of the deck above it is out of play as the seat knows (among its own discards, or
    set aside face up) or, with ``mine_too``, the seat's own (in its hand or face up on its
    piles). The Excuse of the French tarot variant takes no trick."""
    if state.rules.french_excuse and card.is_excuse:
        return False
    discarder = state.declarer if state.ex_declarer is None else state.ex_declarer
    known = set(state.set_aside) | (set(state.discards) if seat == discarder else set())
    if mine_too:
        known |= set(state.playable(seat))
    top = 14 if card.suit != TRUMP else (21 if state.rules.french_excuse else 22)
    above = (Card(card.suit, rank) for rank in range(card.rank + 1, top + 1))
    return all(higher in known or higher not in state.rules.deck_set for higher in above)


def _unbeatable_words(card: Card) -> str:
    if card.is_excuse:
        return "the Excuse, which no card can beat"
    if card.suit == TRUMP:
        return "a trump no other player's card can beat"
    kind = SUIT_NAMES[card.suit][:-1]
    return f"a {kind} no other player's {kind} can beat"


def _cells_of(state, cards) -> list:
    """The free spaces of the board that ``cards`` have (trumps, the Excuse and court cards on
    this board's layout), in the cards' order."""
    cells = [state.rules.cell_of_token.get(card.token) for card in cards if card.token]
    return [cell for cell in cells if cell is not None and cell not in state.board.counters]


def _objective_then(state, cells) -> str:
    """What the opponents taking the spaces ``cells`` does to the declarers' objective."""
    objective = state.contract.objective
    before = _spaces_needed(state.board, objective)
    after = _spaces_needed(state.board, objective, frozenset(cells))
    whose = f"the declarers' {objective}"
    if after is None:
        return f"and {whose} can no longer be made"
    if before is not None and after > before:
        return (f"and {whose} then needs at least {count_words(after, 'space')} instead of "
                f"{count_words(before, 'space')}")
    return f"and {whose} still needs at least {count_words(after, 'space')}, as before"


def _fewest_spaces(state, objective) -> str:
    """The fewest spaces ``objective`` needs on the board as it lies."""
    needed = _spaces_needed(state.board, objective)
    if needed is None:
        return f"a {objective} can no longer be made on this board"
    return f"a {objective} needs at least {count_words(needed, 'space')} of this board"


def _stakes(state, seat: int, contract, declarer: int, partners: tuple[int, ...], player: int | None = None) -> str:
    """What ``contract`` is worth to ``player`` (default: the seat, "you") when the declarers make
    it and when they do not.

    >>> from plateau_lab.games import le_plateau
    >>> state = le_plateau.scenario("players: 4\\nbid: 0 No Exchange Y Solo", seed=1)
    >>> state.value, _stakes(state, 0, state.contract, 0, ())         # Solo, 4 players: 3 × the value
    (9, 'if your side makes it you win 27 points, if not you lose 27 points')
    >>> _stakes(state, 0, state.contract, 0, (), player=1)
    'if your side makes it player 1 loses 9 points, if not player 1 wins 9 points'
    """
    player = seat if player is None else player
    who, ending = ("you", "") if player == seat else (f"player {player}", "s")
    value = state.rules.value(contract)

    def said(won: bool) -> str:
        points = points_of(state.rules, declarer=declarer, partners=partners, value=value, won=won)[player]
        if not points:
            return f"{who} score{ending} nothing"
        return f"{who} {'win' if points > 0 else 'lose'}{ending} {count_of(abs(points), 'point')}"

    return f"if your side makes it {said(True)}, if not {said(False)}"


def _the(card: Card) -> str:
    """The card in words with its article: "the king of spades", "the Excuse"."""
    said = card.describe()
    return said if said.startswith("the ") else f"the {said}"
