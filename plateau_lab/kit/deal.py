"""How a described trick-taking game's hand is dealt: from a seed (:func:`new_hand`) or from a
scenario's text (:func:`read_scenario`), and written back as that text (:func:`deal_text`).

>>> from plateau_lab.kit.examples import OH_HELL
>>> state = OH_HELL.new_game(3, seed=2)
>>> OH_HELL.scenario(deal_text(state), seed=2) == state
True
"""

from __future__ import annotations

__all__ = ["deal_text", "new_hand", "out_of_play_words", "read_scenario"]

from collections import Counter
from collections.abc import Callable

from plateau_lab.core import ParseError, Setup, count_of, parse_seat, quoted, scenario_fields, seeded_random

from .description import NO_TRUMPS, TURNED_UP, Card, TrickGame, card_reader
from .engine import State, without
from .hooks import HookError, call_hook

def new_hand(game: TrickGame, setup: Setup) -> State:
    """The first state of a hand dealt from ``setup``'s seed: the cards each is dealt (the
    ``hand_size`` hook draws from its own generator), the dealer, then the shuffled deck dealt one
    card at a time from player 0, the next card turned up for trumps when they are turned up.
    Hands of different sizes (a game of turns) are dealt one card at a time from the first leader
    on, each until it is full; the rest is the stock, in the order shuffled."""
    players, seed = setup.players, setup.seed
    cards, out_of_play = _cards_in_play(game, players, seed)
    most = game.most_cards(players, len(cards))
    size = game.hand_size
    if isinstance(size, tuple):
        return _dealt_unevenly(game, setup, cards)
    if callable(size):
        size = call_hook("hand_size", size, lambda: f"the deal (deal number {seed})", players, most,
                         seeded_random(seed, "tricks"))
        fewest = game.fewest_cards()
        if isinstance(size, bool) or not isinstance(size, int) or not fewest <= size <= most:
            raise HookError("hand_size", f"the deal (deal number {seed})",
                            f"it gave {quoted(size)}; the cards each of {players} players is dealt are {fewest} to "
                            f"{most}")
    dealer = seeded_random(seed, "dealer").randrange(players)
    seeded_random(seed, "deal").shuffle(cards)
    dealt = players * size
    hands = tuple(tuple(cards[seat:dealt:players]) for seat in range(players))
    turned = cards[dealt] if game.trumps == TURNED_UP else None
    stock = cards[dealt + (turned is not None):]
    shown = hands[dealer][len(hands[dealer]) - game.shown:] if game.shown else ()
    return _dealt(game, setup, dealer, hands, turned, stock, shown, out_of_play)


def _dealt_unevenly(game: TrickGame, setup: Setup, cards: list[Card]) -> State:
    """A game of turns whose hands differ in size, dealt from ``setup``'s seed: the dealer, then the
    shuffled deck one card at a time from the first leader (the dealer's left) on."""
    players, seed = setup.players, setup.seed
    dealer = seeded_random(seed, "dealer").randrange(players)
    seeded_random(seed, "deal").shuffle(cards)
    sizes = dict(zip(((dealer + 1 + place) % players for place in range(players)), game.hand_size))
    hands: list[list[Card]] = [[] for _ in range(players)]
    deck = iter(cards)
    while any(len(hands[seat]) < size for seat, size in sizes.items()):
        for seat, size in sizes.items():
            if len(hands[seat]) < size:
                hands[seat].append(next(deck))
    return _dealt(game, setup, dealer, tuple(map(tuple, hands)), None, list(deck))


def _cards_in_play(game: TrickGame, players: int, seed: int) -> tuple[list[Card], tuple[Card, ...]]:
    """The cards played this hand, in deck order, and those set aside (the ``in_play`` hook's
    choice, drawn from its own generator; without it, the whole deck)."""
    deck = list(game.deck)
    if game.in_play is None:
        return deck, ()
    where = lambda: f"the deal (deal number {seed})"  # noqa: E731 (a hook's failure says where)
    chosen = call_hook("in_play", game.in_play, where, tuple(deck), players, seeded_random(seed, "in play"))
    try:
        chosen = list(chosen)
    except TypeError:
        raise HookError("in_play", where(), f"it gave {quoted(chosen)}, not a collection of cards") from None
    left = Counter(deck)
    for card in chosen:
        if not isinstance(card, Card) or left[card] == 0:
            raise HookError("in_play", where(), f"it gave {quoted(card)}, which is not a card of the deck (or "
                                                "more of it than the deck holds)")
        left[card] -= 1
    needed = players * game.fewest_cards() + (game.trumps == TURNED_UP)
    if len(chosen) < needed:
        raise HookError("in_play", where(), f"it kept {count_of(len(chosen), 'card')}; {players} players need at "
                                            f"least {needed}")
    return sorted(chosen, key=game.hand_order), tuple(sorted(left.elements(), key=game.hand_order))


def _dealt(game: TrickGame, setup: Setup, dealer: int, hands: tuple[tuple[Card, ...], ...], turned: Card | None,
           stock: list[Card], shown: tuple[Card, ...] = (), out_of_play: tuple[Card, ...] = ()) -> State:
    """The hand as dealt, before any move: the trumps named (by the ``trumps`` hook from the cards
    shown), and the dealer's first card laid when the ``first_card`` hook names it."""
    players, size = len(hands), max(map(len, hands))
    order, turns = game.hand_order, game.turns is not None
    state = State(game, setup, dealer, size, turned, tuple(tuple(sorted(hand, key=order)) for hand in hands),
                  (None,) * players if game.bidding is not None else (),
                  dealer if game.first_card is not None else (dealer + 1) % players,
                  tricks_won=(0,) * players, stock=tuple(stock) if turns else tuple(sorted(stock, key=order)),
                  shown=tuple(shown), out_of_play=tuple(out_of_play), points=(0,) * players if turns else ())
    where = lambda: f"the deal (deal number {setup.seed})"  # noqa: E731 (a hook's failure says where)
    if callable(game.trumps):
        suit = call_hook("trumps", game.trumps, where, state.shown, state.table(None))
        if suit is not None and suit not in game.suit_letters:
            raise HookError("trumps", where(), f"it gave {quoted(suit)}; trumps are a suit letter among "
                                               f"{', '.join(game.suit_letters)}, or None")
        state = state.derive(trump_suit=suit)
    trumps = state.trumps
    said = f"Out of play this hand, face up: {out_of_play_words(game, out_of_play)}. " if out_of_play else ""
    said += (f"Player {dealer} deals " + (_uneven_words(state) if isinstance(game.hand_size, tuple) else
                                          f"{count_of(size, 'card')} to each player")
            + (f" and turns up {state._named(turned)}" if turned is not None else "")
            + (f" and shows {' and '.join(map(state._named, shown))}" if shown else "")
            + (": no trumps." if trumps is NO_TRUMPS else f": trumps are {game.suit_names[trumps]}."))
    if game.first_card is not None:
        first = call_hook("first_card", game.first_card, where, state.shown, state.table(None))
        if first is None:
            return state.derive(log=(said + " The dealer chooses the first card of the first trick.",))
        if first not in state.hands[dealer]:
            raise HookError("first_card", where(), f"it gave {quoted(first)}, which is not a card of the dealer's "
                                                   f"hand (player {dealer})")
        said += f" Player {dealer} leaves {state._named(first)} face up as the first card of the first trick."
        state = state.derive(hands=without(state.hands, dealer, (first,)), trick=((dealer, first),))
    said += (f" Bidding starts left of the dealer, with player {(dealer + 1) % players}." if game.bidding is not None
             else f" Player {state.leader} leads.")
    return state.derive(log=(said,))


def _uneven_words(state: State) -> str:
    """Hands of different sizes dealt, in words: ``5 cards to player 1, 4 to player 2 and 3 to player 0``."""
    first = (state.dealer + 1) % state.players
    dealt = [f"{len(state.hands[seat])} to player {seat}" for seat in
             ((first + place) % state.players for place in range(state.players))]
    dealt[0] = dealt[0].replace(" to ", " cards to ", 1)
    return ", ".join(dealt[:-1]) + " and " + dealt[-1]


def out_of_play_words(game: TrickGame, cards: tuple[Card, ...]) -> str:
    """The cards out of play in words: whole suits by their names, the other cards by their texts.

    >>> from .examples import WIMMULN
    >>> out_of_play_words(WIMMULN.description, WIMMULN.new_game(3, seed=4).out_of_play)
    'every red and blue card'
    """
    in_deck = Counter(card.suit for card in game.deck)
    out = Counter(card.suit for card in cards)
    whole = [suit for suit in game.suit_letters if out[suit] == in_deck[suit] > 0]
    said = ["every " + " and ".join(game.suit_names[suit] for suit in whole) + " card"] if whole else []
    return ", ".join(said + [str(card) for card in cards if card.suit not in whole])


def deal_text(state: State) -> str:
    """The deal of ``state``'s hand as scenario text (:func:`read_scenario` reads it back): the
    dealer, the card turned up, each hand as dealt (with the cards played since) and the undealt cards
    (in a game of turns, in the order they are drawn: the deal of its first state)."""
    if state.described.turns is not None and state._history:
        return deal_text(state.states()[0])
    hands = [list(hand) for hand in state.hands]
    for _, trick in (*state.finished_tricks, (None, state.trick)):
        for seat, card in trick:
            hands[seat].append(card)
    for seat, laid in enumerate(state.bids):
        if isinstance(laid, tuple):
            hands[seat] += laid
    for (_, trick), face_down in zip(state.finished_tricks, state.turned_up):
        if face_down is not None:
            hands[trick[0][0]].append(face_down)
    if state.face_down is not None:
        hands[state.leader].append(state.face_down)
    game = state.described
    order = game.hand_order
    lines = [f"dealer: {state.dealer}"]
    if state.trump_card is not None:
        lines.append(f"turned up: {state.trump_card}")
    if state.shown:
        lines.append(f"shown: {game.written(state.shown)}")
    if state.out_of_play:
        lines.append(f"out of play: {game.written(state.out_of_play)}")
    lines += [f"hand {seat}: {game.written(sorted(hand, key=order))}" for seat, hand in enumerate(hands)]
    lines.append(f"undealt: {game.written(state.stock)}")
    return "\n".join(lines) + "\n"


def read_scenario(game: TrickGame, text: str, setup_of: Callable[[int], Setup]) -> State:
    """The hand written in ``text`` (``dealer: N``, ``turned up: CARD`` when trumps are turned up,
    ``shown: CARD CARD`` when the dealer shows cards (of his hand, in the order dealt),
    ``out of play: CARD …`` the cards the ``in_play`` hook sets aside,
    ``hand 0: CARD CARD …`` for each player, ``undealt: CARD …``, optional: the rest of the deck;
    in a game of turns, in the order they are drawn), before any bid or card; ``setup_of(players)`` makes the game's set-up. ParseError says where and what."""
    fields_ = scenario_fields(text, known=lambda key: key in ("dealer", "turned up", "shown", "out of play",
                                                              "undealt") or
                              (key.startswith("hand ") and key[5:].isdigit()),
                              expected="dealer, turned up, shown, out of play, hand 0, hand 1, …, undealt")
    seats = sorted(int(key[5:]) for key in fields_ if key.startswith("hand "))
    if seats != list(range(len(seats))) or not seats:
        raise ParseError(f"expected the lines hand 0, hand 1, … one per player, got hands {seats}", where="hands")
    try:
        setup = setup_of(len(seats))
    except (TypeError, ValueError) as err:
        raise ParseError(f"{count_of(len(seats), 'hand')} written: {err}", where="hands") from None
    read, deck = card_reader(game), Counter(game.deck)
    left = Counter(deck)

    def cards(key: str) -> list[Card]:
        line, value = fields_[key]
        found = [read(word, where=f"line {line}") for word in game.split_cards(value)]
        for card in found:
            if left[card] == 0:
                raise ParseError(f"{card} is written more often than the deck holds it", where=f"line {line}")
            left[card] -= 1
        return found

    if "dealer" not in fields_:
        raise ParseError("the dealer is missing (a line 'dealer: 0')", where="dealer")
    dealer = parse_seat(fields_["dealer"][1], len(seats), where=f"line {fields_['dealer'][0]}")
    turned = None
    if game.trumps == TURNED_UP:
        if "turned up" not in fields_:
            raise ParseError("trumps are turned up: the card turned up is missing (a line 'turned up: QH')",
                             where="turned up")
        found = cards("turned up")
        if len(found) != 1:
            raise ParseError(f"one card is turned up, not {len(found)}", where=f"line {fields_['turned up'][0]}")
        turned = found[0]
    elif "turned up" in fields_:
        raise ParseError("no card is turned up in this game", where=f"line {fields_['turned up'][0]}")
    out_of_play = ()
    if "out of play" in fields_:
        if game.in_play is None:
            raise ParseError("every card of the deck is played in this game", where=f"line {fields_['out of play'][0]}")
        out_of_play = tuple(sorted(cards("out of play"), key=game.hand_order))
    hands = tuple(tuple(cards(f"hand {seat}")) for seat in seats)
    _check_sizes(game, dealer, hands)
    if "undealt" in fields_:
        stock = cards("undealt")
        if +left:
            raise ParseError(f"the deck's cards are not all written: {game.written(sorted(left.elements(), key=game.hand_order))} "
                             "missing", where=f"line {fields_['undealt'][0]}")
    else:
        stock = list(left.elements())
    return _dealt(game, setup, dealer, hands, turned, stock, _shown(game, fields_, hands[dealer]), out_of_play)


def _check_sizes(game: TrickGame, dealer: int, hands: tuple[tuple[Card, ...], ...]) -> None:
    """The hands written are as large as the description deals them, else ParseError."""
    written = ", ".join(str(len(hand)) for hand in hands)
    if isinstance(game.hand_size, tuple):
        players = len(hands)
        wanted = [game.hand_size[(seat - dealer - 1) % players] for seat in range(players)]
        if [len(hand) for hand in hands] != wanted:
            raise ParseError(f"the hands hold {', '.join(map(str, game.hand_size))} cards from the dealer's left on "
                             f"(with dealer {dealer}: {', '.join(map(str, wanted))} from hand 0 on); got {written}",
                             where="hands")
        return
    sizes = {len(hand) for hand in hands}
    if len(sizes) != 1 or 0 in sizes:
        raise ParseError(f"every hand holds the same number of cards, at least one; got {written}", where="hands")


def _shown(game: TrickGame, fields_: dict[str, tuple[int, str]], dealt: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards the dealer shows, read from the scenario's ``shown`` line: ``game.shown`` cards
    of his hand ``dealt``."""
    if not game.shown:
        if "shown" in fields_:
            raise ParseError("the dealer shows no cards in this game", where=f"line {fields_['shown'][0]}")
        return ()
    if "shown" not in fields_:
        raise ParseError(f"the dealer shows {count_of(game.shown, 'card')}: they are missing (a line 'shown: "
                         f"{game.written(game.deck[:game.shown])}')", where="shown")
    line, value = fields_["shown"]
    read = card_reader(game)
    shown = tuple(read(word, where=f"line {line}") for word in game.split_cards(value))
    if len(shown) != game.shown:
        raise ParseError(f"the dealer shows {count_of(game.shown, 'card')}, not {len(shown)}", where=f"line {line}")
    if Counter(shown) - Counter(dealt):
        raise ParseError("the cards shown are the last dealt to the dealer: they are in his hand", where=f"line {line}")
    return shown
