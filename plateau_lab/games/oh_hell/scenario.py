"""Positions of Oh Hell written as text: a deal to bid on, or a hand in the middle of its tricks.

>>> state = scenario(EXAMPLE_SCENARIO, seed=0)
>>> state.players, state.tricks, state.trump, state.current_player
(4, 4, 'H', 2)
>>> [str(action) for action in state.legal_actions()]
['bid 0', 'bid 1', 'bid 2', 'bid 3', 'bid 4']
"""

from __future__ import annotations

__all__ = ["EXAMPLE_SCENARIO", "SCENARIO_KEYS", "scenario", "scenario_text"]

from typing import Any

from plateau_lab.core import (ParseError, count_of, game_spec, parse_cards, parse_seat, parse_whole, scenario_fields,
                              seeded_random)

from .cards import SUIT_NAMES, Card, hand_order, parse_card, rank_text
from .rules import GAME, PLAYERS, Rules, bidding_order, first_leader, hook_bid, rules_of
from .state import State

SCENARIO_KEYS = ("dealer", "trump", "bids", "tricks won", "leader", "trick", "played", "stock")
#: A seat's place in the ``bids`` line when it has not bid yet.
NO_BID = "-"
EXAMPLE_SCENARIO = """\
dealer: 3
trump: 7H
hand 0: AS, 10S, 4D, QH
hand 1: KS, 9C, 2D, 3H
hand 2: 5S, JC, AD, 8H
hand 3: 2S, KC, 6D, AH
bids: 1 0 - -        # player 0 bid 1, player 1 bid 0; player 2 bids next
"""

Fields = dict[str, tuple[int, str]]


def scenario(text: str, *, seed: int | None = None, **variant: Any) -> State:
    """A position written as text, one ``key: value`` per line (``#`` starts a comment)::

        dealer: 3                 (optional; seat 0 otherwise)
        trump: 7H                 (the card turned up for trumps)
        hand 0: AS, 10S, 4D, QH   (one line per seat, 0 to n-1, for 3 to 7 players)
        bids: 1 0 - -             (optional; one per seat, '-' for a seat that has not bid yet)
        tricks won: 1 0 0 0       (optional; one per seat, tricks won so far)
        leader: 0                 (who leads, or led, the trick; required once a trick is won)
        trick: 9S, 2S             (optional; the cards of the trick being played, from the leader)
        played: 3C, 4C, 5C, 6C    (optional; the cards of the tricks already won)
        stock: 2C, 9H, ...        (optional; the undealt cards, face down, in order)

    Cards are written as :func:`~.cards.parse_card` reads them, each at most once in the position,
    and each in the deck of the rules (``variant``, read by :func:`~.rules.rules_of`: a rule set of
    fewer ``suits`` or ``cards_per_suit`` holds fewer cards); the bids follow its ``hook_rule``.
    The number of tricks is the tricks already won plus the cards each player holds (with the card
    he has played to the trick). The bids are made in turn from the dealer's left and must all be
    made before a card is played; the dealer's bid may not make them total the tricks. When tricks
    have been won and ``played`` is not given, their cards are drawn by the seed from the cards the
    position does not name. The cards named nowhere else lie undealt, face down, in the deck's order;
    a ``stock`` line names them all in the order they lie (an imagined deal's, see
    :func:`scenario_text`).

    >>> scenario(EXAMPLE_SCENARIO.replace("bids: 1 0 - -", "bids: 1 0 2 1"), seed=0)
    Traceback (most recent call last):
    plateau_lab.core.ParseError: line 7 (bids): the bids total 4, the number of tricks: the dealer (player 3) may not bid 1 (hook rule)
    """
    fields = scenario_fields(text, known=lambda key: key in SCENARIO_KEYS or key.partition(" ")[0] == "hand",
                             expected="'dealer:', 'trump:', 'hand SEAT:', 'bids:', 'tricks won:', 'leader:', "
                                      "'trick:' or 'played:'")
    hand_lines = _hand_lines(fields)
    players = len(hand_lines)
    setup = game_spec(GAME).setup(players, seed, variant, scenario=text)
    rules = rules_of(players, setup.variant)
    read_card = _deck_card(rules)
    seen: dict[Any, list[str]] = {}
    trump_card = _trump_card(fields, seen, read_card)
    hands = tuple(parse_cards(value, read_card, where=f"line {number} (hand {seat})", seen=seen)
                  for seat, (number, value) in sorted(hand_lines.items()))
    dealer = parse_seat(fields["dealer"][1], players, where=_where(fields, "dealer")) if "dealer" in fields else 0
    tricks_won = _per_seat(fields, "tricks won", players, parse_whole) if "tricks won" in fields else (0,) * players
    tricks_played = sum(tricks_won)
    leader = _leader(fields, players, dealer, tricks_won)
    trick_cards = _cards(fields, "trick", seen, read_card)
    if len(trick_cards) >= players:
        raise ParseError(f"a trick being played holds fewer cards than the {players} players; a full trick is won",
                         where=_where(fields, "trick"))
    trick = tuple(((leader + step) % players, card) for step, card in enumerate(trick_cards))
    tricks = tricks_played + _cards_left(fields, hand_lines, hands, trick)
    _check_tricks(tricks, rules)
    bids = _bids(fields, rules, dealer, tricks, started=bool(tricks_played or trick))
    _check_following(fields, hands, trick)
    played_before = _played_before(fields, seen, players * tricks_played, setup.seed, rules, read_card)
    stock = _stock(fields, seen, played_before, rules, read_card)
    opening = (f"Scenario: player {dealer} dealt {count_of(tricks, 'card')} to each player and turned up {trump_card}: "
               f"{SUIT_NAMES[trump_card.suit]} are trumps; {count_of(tricks_played, 'trick')} played so far.")
    return State(setup, dealer, tricks, trump_card, tuple(tuple(sorted(hand, key=hand_order)) for hand in hands),
                 bids, leader, trick=trick, tricks_won=tricks_won, played_before=played_before, stock=stock,
                 log=(opening,))


def scenario_text(state: State) -> str:
    """A hand before any trick of it is won (its first state: dealt, or written with ``played``) as
    :func:`scenario` reads it, every card in its place and the undealt ones in their order: it reads
    back to an equal position, whatever the seed.

    >>> from .state import new_game
    >>> state = new_game(4, seed=3).apply("bid 1")
    >>> again = scenario(scenario_text(state), seed=state.setup.seed, **state.setup.variant)
    >>> again == state, again.history
    (True, ())
    """
    if state.finished_tricks:
        raise ValueError("a scenario writes the tricks won before it as 'played': this hand has won tricks of its own")
    lines = [f"dealer: {state.dealer}", f"trump: {state.trump_card}"]
    lines += [f"hand {seat}: {', '.join(map(str, hand))}" for seat, hand in enumerate(state.hands)]
    if any(bid is not None for bid in state.bids):
        lines.append(f"bids: {' '.join(NO_BID if bid is None else str(bid) for bid in state.bids)}")
    if any(state.tricks_won):
        lines += [f"tricks won: {' '.join(map(str, state.tricks_won))}", f"leader: {state.leader}"]
    if state.trick:
        lines.append(f"trick: {', '.join(str(card) for _, card in state.trick)}")
    if state.played_before:
        lines.append(f"played: {', '.join(map(str, state.played_before))}")
    lines.append(f"stock: {', '.join(map(str, state.stock))}")
    return "\n".join(lines) + "\n"


def _deck_card(rules: Rules):
    """A reader of one card (as :func:`~.cards.parse_card`) that refuses a card the rules' deck does not hold."""
    def read(text: str, *, where: str) -> Card:
        card = parse_card(text, where=where)
        if not rules.holds(card):
            suits = ", ".join(SUIT_NAMES[suit] for suit in rules.suits)
            raise ParseError(f"the deck of these rules holds no {card}: {count_of(len(rules.suits), 'suit')} "
                             f"({suits}) of {rules.ranks[0]} to {rank_text(rules.top_rank)}", where=where)
        return card
    return read


def _stock(fields: Fields, seen: dict[Any, list[str]], played_before: tuple[Card, ...], rules: Rules,
           read_card) -> tuple[Card, ...]:
    """The undealt cards: the ``stock`` line, which must name every card named nowhere else, or those
    cards in the deck's order."""
    rest = tuple(card for card in rules.deck if card not in seen and card not in played_before)
    if "stock" not in fields:
        return rest
    stock = _cards(fields, "stock", {card: places for card, places in seen.items()} | dict.fromkeys(played_before, ["played"]),
                   read_card)
    missing = set(rest) - set(stock)
    if missing:
        raise ParseError(f"the stock holds every card named nowhere else; {count_of(len(missing), 'card')} missing: "
                         f"{', '.join(str(card) for card in sorted(missing, key=hand_order)[:8])}",
                         where=_where(fields, "stock"))
    return stock


def _where(fields: Fields, key: str) -> str:
    """Where a scenario's ``key`` is written, for a ParseError: ``'line 3 (trump)'``."""
    return f"line {fields[key][0]} ({key})"


def _hand_lines(fields: Fields) -> dict[int, tuple[int, str]]:
    """{seat: (line number, cards)} from the lines ``hand SEAT: ...``, seats 0 to n-1 for 3 to 7 players."""
    hands: dict[int, tuple[int, str]] = {}
    for key, (number, value) in fields.items():
        word, _, seat_text = key.partition(" ")
        if word != "hand":
            continue
        seat = parse_whole(seat_text, where=f"line {number}", high=PLAYERS.stop - 2, name="the seat of a hand")
        hands[seat] = (number, value)
    if sorted(hands) != list(range(len(hands))) or len(hands) not in PLAYERS:
        raise ParseError(f"expected lines 'hand 0:' to 'hand n-1:' for {PLAYERS.start} to {PLAYERS.stop - 1} "
                         f"players, got seats {sorted(hands)}", where="hands")
    return hands


def _cards(fields: Fields, key: str, seen: dict[Any, list[str]], read_card) -> tuple[Card, ...]:
    """The cards of the line ``key`` (none when it is missing), each card at most once in the position."""
    if key not in fields:
        return ()
    return parse_cards(fields[key][1], read_card, where=_where(fields, key), seen=seen)


def _trump_card(fields: Fields, seen: dict[Any, list[str]], read_card) -> Card:
    if "trump" not in fields:
        raise ParseError("missing the line 'trump: CARD' (the card turned up for trumps)", where="trump")
    cards = _cards(fields, "trump", seen, read_card)
    if len(cards) != 1:
        raise ParseError(f"expected the one card turned up for trumps, got {len(cards)}", where=_where(fields, "trump"))
    return cards[0]


def _per_seat(fields: Fields, key: str, players: int, read) -> tuple[Any, ...]:
    """One value per seat from the line ``key``, separated by spaces or commas, each read by ``read(word, where=...)``."""
    where = _where(fields, key)
    words = fields[key][1].replace(",", " ").split()
    if len(words) != players:
        raise ParseError(f"expected {players} values, one per seat, got {len(words)}", where=where)
    return tuple(read(word, where=where) for word in words)


def _leader(fields: Fields, players: int, dealer: int, tricks_won: tuple[int, ...]) -> int:
    """Who leads the trick: left of the dealer before any trick is won; then the winner of the last
    trick, which the scenario must name (``leader:``) and who must have won a trick."""
    left = first_leader(dealer, players)
    if "leader" not in fields:
        if any(tricks_won):
            raise ParseError("once a trick is won, say who won the last one and leads now: 'leader: SEAT'",
                             where="leader")
        return left
    where = _where(fields, "leader")
    leader = parse_seat(fields["leader"][1], players, where=where)
    if not any(tricks_won) and leader != left:
        raise ParseError(f"the first trick is led by player {left}, left of the dealer, not player {leader}",
                         where=where)
    if any(tricks_won) and not tricks_won[leader]:
        raise ParseError(f"the leader wins the last trick, but player {leader} has won none", where=where)
    return leader


def _cards_left(fields: Fields, hand_lines: dict[int, tuple[int, str]], hands: tuple[tuple[Card, ...], ...],
                trick: tuple[tuple[int, Card], ...]) -> int:
    """The tricks still to finish: the cards each player holds, with the one he played to the trick,
    the same for everyone."""
    played = {seat for seat, _ in trick}
    left = [len(hand) + (seat in played) for seat, hand in enumerate(hands)]
    for seat, count in enumerate(left):
        if count != left[0]:
            raise ParseError(f"player {seat} has {count_of(count, 'card')} with the one played to the trick, "
                             f"player 0 {left[0]}: every player holds as many cards as the others, counting "
                             "his card in the trick", where=f"line {hand_lines[seat][0]} (hand {seat})")
    return left[0]


def _check_tricks(tricks: int, rules: Rules) -> None:
    """The hand has 1 to :func:`~.rules.max_tricks` tricks, and as many as the option ``tricks`` says if given."""
    chosen = rules.tricks
    if not 1 <= tricks <= rules.most_tricks:
        raise ParseError(f"the position makes a hand of {count_of(tricks, 'trick')} (tricks won plus cards each "
                         f"holds); {rules.players} players play 1 to {rules.most_tricks}", where="hands")
    if chosen is not None and chosen != tricks:
        raise ParseError(f"the position makes a hand of {count_of(tricks, 'trick')} but the option tricks is {chosen}",
                         where="hands")


def _bids(fields: Fields, rules: Rules, dealer: int, tricks: int, *, started: bool) -> tuple[int | None, ...]:
    """Each seat's bid or None: made in turn from the dealer's left, all before the first card is
    played, each from 0 to the tricks, the dealer's not making the total equal the tricks (when the
    rules play the hook rule)."""
    players = rules.players
    if "bids" not in fields:
        bids: tuple[int | None, ...] = (None,) * players
    else:
        bids = _per_seat(fields, "bids", players, lambda word, where: None if word == NO_BID else
                         parse_whole(word, where=where, high=tricks, name="a bid"))
    where = _where(fields, "bids") if "bids" in fields else "bids"
    order = bidding_order(dealer, players)
    made = [seat for seat in order if bids[seat] is not None]
    if made != list(order[:len(made)]):
        raise ParseError(f"bids are made in turn from the dealer's left ({', '.join(map(str, order))}); "
                         f"seats {', '.join(map(str, made))} cannot have bid alone", where=where)
    if started and len(made) < players:
        raise ParseError("every player bids before the first card is played", where=where)
    if len(made) == players and rules.hook_rule:
        earlier = [bids[seat] for seat in order[:-1]]
        if sum(earlier) + bids[dealer] == tricks:
            raise ParseError(f"the bids total {tricks}, the number of tricks: the dealer (player {dealer}) may not "
                             f"bid {hook_bid(tricks, earlier)} (hook rule)", where=where)
    return bids


def _check_following(fields: Fields, hands: tuple[tuple[Card, ...], ...], trick: tuple[tuple[int, Card], ...]) -> None:
    """No card of the trick may break the rule to follow suit: a player who played another suit holds none of the led suit."""
    if not trick:
        return
    led = trick[0][1].suit
    for seat, card in trick[1:]:
        if card.suit != led and any(held.suit == led for held in hands[seat]):
            raise ParseError(f"player {seat} played {card} to a {SUIT_NAMES[led]} lead while holding "
                             f"{SUIT_NAMES[led]}: a player must follow suit if he can", where=_where(fields, "trick"))


def _played_before(fields: Fields, seen: dict[Any, list[str]], count: int, seed: int, rules: Rules,
                   read_card) -> tuple[Card, ...]:
    """The cards of the tricks won before the position: the ``played`` line (exactly ``count`` cards),
    or ``count`` cards drawn by the seed from the cards the position does not name (there are always
    enough: the hands and the trump card take at most the deck less ``count``)."""
    if "played" in fields:
        cards = _cards(fields, "played", seen, read_card)
        if len(cards) != count:
            raise ParseError(f"the tricks won hold {count_of(count, 'card')}, one from each player per trick; "
                             f"got {len(cards)}", where=_where(fields, "played"))
        return cards
    unnamed = [card for card in rules.deck if card not in seen]
    seeded_random(seed, "scenario", "played").shuffle(unnamed)
    return tuple(sorted(unnamed[:count], key=hand_order))
