"""Le Plateau's scenarios: :func:`scenario` reads a deal, or a position in the middle of a hand,
written as text (for exercises), with the helpers that read each of its lines (a later hand's
earlier results: :mod:`.hand_results`).

>>> scenario("players: 3\\nbid: 1 Exchange Y", seed=2).phase     # the bidding skipped
'discard'
"""

from __future__ import annotations

from dataclasses import replace

from plateau_lab.core import (
    ParseError,
    Setup,
    allows,
    count_of,
    game_spec,
    parse_cards,
    parse_seat,
    parse_whole,
    scenario_fields,
    seeded_random,
)
from plateau_lab.hexboard import DECLARERS, OPPONENTS, Board, layout_text, parse_layout, random_layout, token_kind

from .bidding import SOLO, Bid, check_bid_shape, parse_bid
from .cards import Card, parse_card, sorted_cards
from .hand_results import read_results, result_text
from .rules import GAME, HAND_OVER, PLAY, HandResult, Rules, _place, legal_plays, make_rules
from .state import State, start_game

__all__ = ["SCENARIO_EXCEPTIONS", "MID_HAND_KEYS", "scenario", "scenario_text"]


#: What a scenario may set up against the rules, by naming it in an ``allow:`` line.
SCENARIO_EXCEPTIONS = ("low bid", "free trick spaces")
#: The lines that describe a position in the middle of a hand (card play under way).
MID_HAND_KEYS = ("partners", "tricks played", "declarers", "opponents", "trick", "lead", "set aside")
_SCENARIO_KEYS = ("players", "dealer", "talon", "bid", "layout", *MID_HAND_KEYS)
_SEAT_KEYS = ("hand", "piles")


def _is_scenario_key(key: str) -> bool:
    return key in _SCENARIO_KEYS or key.partition(" ")[0] in (*_SEAT_KEYS, "result")


def scenario(text: str, *, seed: int | None = None, **variant) -> State:
    """A deal written as text, for exercises ("which bid would you make with this hand?")::

        players: 4          # optional when the hands say it
        dealer: 3           # optional (default: the last seat)
        hand 0: EXC 21 20 19 18 17 16 15 14 13 12 11 10 RS
        hand 1: ...         # hands not written are dealt at random (seeded) from the rest
        talon: 8S 7S 6S     # optional likewise
        piles 0: 10H/RS DS/21 ...   # 2 players: the five piles, each written bottom/top
        bid: 0 Exchange Y Duo       # optional: skip the bidding, seat 0 declares this bid
        allow: low bid              # optional: what the text sets up against the rules
        result 1: passed            # optional: the earlier hands' results (see below)
        layout: A6(-3,0) T10(-3,1) …   # optional with board='random': the board laid out

    One ``key: value`` per line, ``#`` starts a comment. Cards are written as ``parse_card``
    reads them, separated by spaces or commas; each card of this player count's deck at most
    once, and a hand, the piles and the talon hold exactly as many cards as the deal gives.
    Cards not written anywhere are shuffled by the seed into the parts left out. The written
    deal is the game's first hand; like ``new_game`` the game lasts ``hands`` hands (default one
    deal per player), later hands dealt at random. The options are ``new_game``'s.

    The ``bid:`` line must be a bid of this player count's table worth at least the minimum bid
    ("The lowest permitted bid depends on the number of players"), unless ``allow: low bid``
    says that the exercise wants a lower one; it is the only bid, so no overbid rule applies.

    **A later hand.** ``result N:`` lines, one for each of the hands 1 to N before it, say how
    they ended; the written deal is then hand N + 1 (at most the game's last), the scores the sums
    of the results' points (each worked out by the rulebook's table). A hand nobody bid in is
    ``passed``; a hand played is written as the game records it, its parts separated by ``;``::

        result 1: 0 Exchange Y Duo; partners 2; ex-declarer -; won; declarers T1 RS A21; opponents T2; reason …

    the declarer and the contract (after any raise), the partners (``-``: none), the declarer who
    abdicated (5 players; ``-``: none), ``won`` or ``lost``, the spaces holding each team's
    counters at the hand's end (``-``: none) and, last, the reason the log gave (any text).

    **A board laid out at random** from the seed (``board='random'``) is laid out otherwise with
    another seed; ``layout:`` writes it (``layout_text``'s form, the tokens of this game's board)
    so that a position keeps its board whatever the seed.

    **A position in the middle of a hand** adds to the ``bid:`` line (the contract after any
    raise) any of these lines; card play is then under way::

        partners: 2                 # Duo / Trio: the declarer's partners
        tricks played: 4            # tricks already played (default 0)
        declarers: T1 T3 RS A21     # the spaces (tokens) holding the declarers' counters
        opponents: T2 T4 DH         # … and the opponents'
        trick: 1 7H, 2 8H           # the trick in progress: seat and card, from its leader on
        lead: 3                     # who leads the next trick (without a trick in progress)
        piles 0: 18/17 [16] 10S - RC/CC   # 2 players: what is left of the five piles
        set aside: RS 9 8           # 4 players, full deck, Exchange: the talon group not picked

    Each hand then holds the cards still to play (a Duo's and a Trio's partners are written, the
    trick's cards are not in the hands); ``talon:`` is the talon with No Exchange and the
    declarer's discards with Exchange (6 players: none; 4 players with the full deck: the whole
    talon of 6, or the 3 discards). Cards written nowhere, and those of the spaces holding
    counters, were played in earlier tricks (recorded as taken by the declarer).
    A card of the trick must be one its player could play with the hand written for him (follow
    suit, else trump); a hand left out is dealt at random and not checked.
    Every trick played so far put a counter on its trick space, unless ``allow: free trick
    spaces``; a space of a later trick cannot hold one; a card of the trick in progress has no
    counter on its space yet; and the hand must not be decided yet.

    With 2 players a pile is ``bottom/top`` (the bottom card face down), one card (face up),
    ``-`` (empty) or ``[card]``: the face-down card under the one its player played to the trick in
    progress, turned up once the trick is won. Hand and piles together hold the cards still to
    play, the hand at most 6; left out, the hand keeps as many as it can and the piles take the
    rest as evenly as they go. With the 4-player full deck and Exchange, the opponents hold the
    spaces of the cards set aside ("Place an opposing team's counter on each card space that
    corresponds to a card in the card group that the declarer didn't pick"); a group left out is
    drawn from cards without a space or whose space the opponents hold.

    >>> middle = scenario("players: 3\\nbid: 0 No Exchange Bridge\\ntricks played: 2\\n"
    ...                   "declarers: T1 RS\\nopponents: T2\\ntrick: 1 10H", seed=1)
    >>> middle.phase, middle.current_player, len(middle.hands[0]), len(middle.hands[1])
    ('play', 2, 11, 10)
    >>> two = scenario("players: 2\\nbid: 0 Exchange Y\\ntricks played: 3\\ndeclarers: T1 T3\\nopponents: T2\\n"
    ...                "piles 0: 18/17 [16] 10S - RC/CC\\ntrick: 0 DS", seed=1)
    >>> [str(action) for action in two.legal_actions()], len(two.hands[0])
    (['play CS', 'play VS'], 6)
    >>> two.observation(1)["piles"][0]      # 16 stays face down until the trick is won
    (('hidden', Card('17')), ('hidden',), (Card('10S'),), (), ('hidden', Card('CC')))
    >>> scenario("players: 4\\nbid: 2 Exchange Bridge Duo", seed=1)
    Traceback (most recent call last):
    plateau_lab.core.ParseError: line 2: Exchange Bridge Duo is worth 1, below the minimum bid for 4 players (Exchange Y Duo, worth 3); write 'allow: low bid' to set it up anyway
    >>> scenario("players: 4\\nbid: 2 Exchange Bridge Duo\\nallow: low bid", seed=1).declarer
    2

    It is long only by this description of the text it reads, kept whole because ``help(scenario)``
    shows it to a teacher in one place; its code is some twenty lines, each part of the text read by
    a helper of its own.
    """
    fields = scenario_fields(text, known=_is_scenario_key, exceptions=SCENARIO_EXCEPTIONS,
                             expected="'players:', 'dealer:', 'hand N:', 'piles N:', 'talon:', 'bid:', 'allow:' "
                                      "or a line of a position in the middle of a hand")
    players = _scenario_players(fields)
    setup = game_spec(GAME).setup(players, seed, variant, scenario=text)
    rules = make_rules(setup)
    if "layout" in fields:
        rules = _scenario_layout(rules, fields["layout"])
    results = read_results(fields, rules)
    dealer = rules.first_dealer
    if "dealer" in fields:
        number, value = fields["dealer"]
        dealer = parse_seat(value, players, where=f"line {number}")
    if any(key in fields for key in MID_HAND_KEYS):
        state = _scenario_mid_hand(setup, rules, dealer, fields)
    else:
        hands, piles, talon = _scenario_deal(rules, setup.seed, fields)
        state = start_game(setup, rules, dealer=dealer, hands=hands, piles=piles, talon=talon, say="Scenario: ")
        if "bid" in fields:
            state = _scenario_bid(state, fields)
    return _after_results(state, results) if results else state


def _scenario_players(fields: dict[str, tuple[int, str]]) -> int:
    """The number of players: the ``players:`` line, else one more than the last seat written; every
    ``hand N:`` and ``piles N:`` line names a seat of the game (piles only with 2 players)."""
    seats = _scenario_seats(fields)
    if "players" in fields:
        number, value = fields["players"]
        players = parse_whole(value, where=f"line {number}", low=2, high=6, name="the number of players")
    elif seats and max(seats.values()) > 0:
        players = max(seats.values()) + 1
    else:
        raise ParseError("say 'players: N' or give the hands up to the last seat's", where="scenario")
    for key, seat in seats.items():
        if seat >= players:
            raise ParseError(f"there is no seat {seat} with {players} players", where=f"line {fields[key][0]}")
        if key.startswith("piles") and players != 2:
            raise ParseError("only 2-player games have piles", where=f"line {fields[key][0]}")
    return players


def _after_results(state: State, results: tuple[HandResult | None, ...]) -> State:
    """The written deal as the hand after the ``result N:`` lines' hands: its number, and the scores
    so far, the sums of their points."""
    players = state.setup.players
    totals = tuple(sum(column) for column in zip(*(result.points for result in results if result is not None),
                                                 (0,) * players))
    said = (f"Scenario: hand {len(results) + 1} of {state.rules.hands_in_game}; scores so far: "
            f"{', '.join(map(str, totals))}.")
    return state.derive(hand_number=len(results) + 1, totals=totals, results=results, log=(said, *state.log))


def _scenario_layout(rules: Rules, line: tuple[int, str]) -> Rules:
    """``layout:``: the board a game with ``board='random'`` was laid out on (its tokens)."""
    number, value = line
    where = f"line {number} (layout)"
    if rules.board_kind != "random":
        raise ParseError(f"the board is the {rules.board_kind} one the options give: write 'layout:' only for a "
                         "board laid out at random (board='random')", where=where)
    try:
        layout = parse_layout(value, players=rules.players)
    except ParseError as err:
        raise ParseError(err.what, where=f"{where}, {err.where}") from None
    if sorted(layout.values()) != sorted(random_layout(seed=0, tricks=rules.tricks).values()):
        raise ParseError(f"a board of this game holds the court cards, trick spaces T1 to T{rules.tricks}, "
                         "EXC and its trumps, each once", where=where)
    return replace(rules, layout=layout)


def _scenario_mid_hand(setup: Setup, rules: Rules, dealer: int, fields: dict[str, tuple[int, str]]) -> State:
    """A position in the middle of a hand: the contract, the team, the board, the hands (2 players:
    and the piles), the trick, and with the 4-player full deck the talon group set aside."""
    players = rules.players
    if "bid" not in fields:
        raise ParseError("a position in the middle of a hand needs the contract: a 'bid:' line", where="scenario")
    opening = start_game(setup, rules, dealer=dealer, hands=((),) * players, piles=(), talon=(), say="Scenario: ")
    contracted = _scenario_bid(opening, fields, exchange=False)
    declarer, contract = contracted.declarer, contracted.contract
    partners = _scenario_partners(fields, declarer, contract, players)
    tricks_played = 0
    if "tricks played" in fields:
        number, value = fields["tricks played"]
        tricks_played = parse_whole(value, where=f"line {number}", high=rules.tricks - 1,
                                    name="the number of tricks played")
    seen: dict[Card, list[str]] = {}
    trick = _scenario_trick(fields, rules, seen)
    leader = _scenario_leader(fields, trick, forehand=(dealer + 1) % players, players=players)
    board, masks, played = _scenario_counters(fields, rules, tricks_played)
    if on_board := [card for _, card in trick if card in played]:
        raise ParseError(f"{on_board[0]} is in the trick in progress, so its space holds no counter yet",
                         where=f"line {fields['trick'][0]} (trick)")
    in_trick = {seat for seat, _ in trick}
    still_held = {seat: rules.tricks - tricks_played - (seat in in_trick) for seat in range(players)}
    sizes = {f"hand {seat}": still_held[seat] for seat in range(players)}
    picked_group = rules.split_talon and contract.exchange
    sizes["talon"] = 0 if players == 6 else rules.talon_size // 2 if picked_group else rules.talon_size
    written_piles: dict[int, tuple[tuple[Card, ...], ...]] = {}
    covered: frozenset[tuple[int, int]] = frozenset()
    if players == 2:
        written_piles, covered = _scenario_mid_hand_piles(fields, rules, seen, played, trick)
        sizes |= _two_player_sizes(fields, still_held, written_piles, tricks_played, rules.hand_size, rules.piles)
    opponents_hold = frozenset()
    if "set aside" in fields:
        number, _ = fields["set aside"]
        if not rules.split_talon:
            raise ParseError("only the 4-player full-deck game sets a talon group aside", where=f"line {number}")
        if not contract.exchange:
            raise ParseError(f"with {contract} the talon stays whole and face down: no group is set aside",
                             where=f"line {number}")
    if picked_group:
        sizes["set aside"] = rules.talon_size // 2
        opponents_hold = frozenset(card for card in played
                                   if board.counters[rules.cell_of_token[card.token]] == OPPONENTS)
    given, earlier = _scenario_deal(rules, setup.seed, fields, sizes=sizes, seen=seen, played=played,
                                    set_aside_from=opponents_hold)
    set_aside = tuple(given.get("set aside", ()))
    if "set aside" in fields:
        _check_set_aside(set_aside, rules, board, where=f"line {fields['set aside'][0]} (set aside)")
    hands = tuple(sorted_cards(given[f"hand {seat}"]) for seat in range(players))
    piles: tuple = ()
    if players == 2:
        piles = tuple(written_piles[seat] if seat in written_piles else _even_piles(given[f"piles {seat}"], rules.piles)
                      for seat in range(players))
    _check_trick_follows(fields, rules, trick, hands, piles, covered)
    taken = tuple(earlier if seat == declarer else () for seat in range(players))
    talon = tuple(given["talon"])
    talon_or_discards = {"talon": talon} if not contract.exchange else {"discards": talon, "talon": ()}
    said = _mid_hand_log(rules, contracted, partners, set_aside, tricks_played, trick, leader)
    state = contracted.derive(
        log=said, phase=PLAY, hands=hands, piles=piles, covered=covered, set_aside=set_aside,
        partners=partners, board=board, masks=masks, tricks_played=tricks_played, trick=trick, leader=leader,
        taken=taken, **talon_or_discards)
    decided = state._check_end()
    if decided.phase == HAND_OVER:
        raise ParseError("this hand would be over already: " + decided.result.reason, where="scenario")
    return state


def _scenario_leader(fields: dict[str, tuple[int, str]], trick: tuple[tuple[int, Card], ...], *, forehand: int,
                     players: int) -> int:
    """Who led (or leads) the trick: the ``lead:`` line, the trick's first player, else the forehand."""
    leader = trick[0][0] if trick else forehand
    if "lead" in fields:
        number, value = fields["lead"]
        leader = parse_seat(value, players, where=f"line {number}")
        if trick and trick[0][0] != leader:
            raise ParseError(f"the trick in progress was led by player {trick[0][0]}, not player {leader}",
                             where=f"line {number}")
    return leader


def _check_trick_follows(fields: dict[str, tuple[int, str]], rules: Rules, trick: tuple[tuple[int, Card], ...],
                         hands: tuple, piles: tuple, covered: frozenset[tuple[int, int]]) -> None:
    """Refuse a card of the trick in progress that its player's written hand would not have let him play."""
    for position, (seat, card) in enumerate(trick):
        held = hands[seat] + tuple(pile[-1] for index, pile in enumerate(piles[seat] if piles else ())
                                   if pile and (seat, index) not in covered)
        if f"hand {seat}" in fields and card not in legal_plays(held + (card,), tuple(c for _, c in trick[:position]),
                                                                french_excuse=rules.french_excuse):
            raise ParseError(f"player {seat} may not play {card} to this trick: the hand written for him holds a "
                             "card he would have had to play (follow suit, else trump)",
                             where=f"line {fields['trick'][0]} (trick)")


def _mid_hand_log(rules: Rules, contracted: State, partners: tuple[int, ...], set_aside: tuple[Card, ...],
                  tricks_played: int, trick: tuple[tuple[int, Card], ...], leader: int) -> tuple[str, ...]:
    """What the log says of a position set up in the middle of a hand."""
    declarer, contract = contracted.declarer, contracted.contract
    lines = [f"Scenario: player {declarer} is the declarer with {contract}, value {rules.value(contract)}"
             + (f"; partners: {', '.join(f'player {seat}' for seat in partners)}." if partners else ".")]
    if set_aside:
        lines.append(f"Talon group set aside: {' '.join(map(str, set_aside))}.")
    lines.append(f"{count_of(tricks_played, 'trick')} played; "
                 + (f"the trick in progress: {', '.join(f'player {seat} {card}' for seat, card in trick)}."
                    if trick else f"player {leader} leads the next trick."))
    return tuple(lines)


def _scenario_mid_hand_piles(fields, rules: Rules, seen: dict, played: frozenset[Card],
                             trick: tuple[tuple[int, Card], ...]):
    """2 players: the piles written for each seat in the middle of a hand, and the piles whose
    face-down card was uncovered in the trick in progress (written ``[card]``)."""
    written, covered = {}, set()
    for seat in range(rules.players):
        if f"piles {seat}" not in fields:
            continue
        number, value = fields[f"piles {seat}"]
        where = f"line {number} (piles {seat})"
        piles, face_down = _scenario_piles(value, _deck_reader(rules), where=where, seen=seen, whole=False,
                                           count=rules.piles)
        if spent := [card for pile in piles for card in pile if card in played]:
            raise ParseError(f"{spent[0]} was played already: its space holds a counter", where=f"line {number}")
        if face_down:
            if seat not in {player for player, _ in trick}:
                raise ParseError(f"a pile card in brackets lies face down because player {seat} played the card "
                                 f"above it to the trick in progress, but player {seat} has not played to it",
                                 where=where)
            if len(face_down) > 1:
                raise ParseError(f"player {seat} played one card to the trick in progress, so at most one pile "
                                 f"card lies face down, not {len(face_down)}", where=where)
            covered |= {(seat, index) for index in face_down}
        written[seat] = piles
    return written, frozenset(covered)


def _two_player_sizes(fields, still_held: dict[int, int], written_piles, tricks_played: int,
                      most_in_hand: int, piles: int) -> dict[str, int]:
    """2 players: how the cards each seat still holds are split between the hand (at most
    ``most_in_hand``, the rulebook's 6) and
    the piles (at most 10), following what is written; with neither written the hand keeps as
    many as it can (the cards played came from the piles)."""
    sizes = {}
    for seat, held in still_held.items():
        after = (f"after {count_of(tricks_played, 'trick')} player {seat} holds {count_of(held, 'card')} "
                 "in hand and piles")
        if seat in written_piles:
            on_piles = sum(map(len, written_piles[seat]))
            in_hand = held - on_piles
            if not 0 <= in_hand <= most_in_hand:
                raise ParseError(f"{after}; with {on_piles} on the piles the hand would hold {in_hand}, but a hand "
                                 f"holds 0 to {most_in_hand}",
                                 where=f"line {fields[f'piles {seat}'][0]} (piles {seat})")
            sizes[f"hand {seat}"] = in_hand
            continue
        if f"hand {seat}" in fields:
            number, value = fields[f"hand {seat}"]
            in_hand = len(value.replace(",", " ").split())
            on_piles = held - in_hand
            if not (in_hand <= most_in_hand and 0 <= on_piles <= 2 * piles):
                raise ParseError(f"{after}; with {in_hand} in hand the piles would hold {on_piles}, but a hand holds "
                                 f"0 to {most_in_hand} and the piles 0 to {2 * piles}",
                                 where=f"line {number}")
        else:
            in_hand = min(held, most_in_hand)
        sizes[f"hand {seat}"], sizes[f"piles {seat}"] = in_hand, held - in_hand
    return sizes


def _even_piles(cards: list[Card], count: int = 5) -> tuple[tuple[Card, ...], ...]:
    """Cards dealt onto the ``count`` piles (the rulebook's five) as evenly as they go: two on the first piles, one on the
    next, none on the last (each pile bottom to top).

    >>> [len(pile) for pile in _even_piles([Card("T", rank) for rank in range(1, 8)], 5)]
    [2, 2, 1, 1, 1]
    """
    sizes = [2 if index < len(cards) - count else 1 if index < len(cards) else 0 for index in range(count)]
    starts = [sum(sizes[:index]) for index in range(count)]
    return tuple(tuple(cards[start:start + size]) for start, size in zip(starts, sizes))


def _check_set_aside(set_aside: tuple[Card, ...], rules: Rules, board: Board, *, where: str) -> None:
    """"Place an opposing team's counter on each card space that corresponds to a card in the card
    group that the declarer didn't pick": every such space holds an opponents' counter."""
    for card in set_aside:
        cell = rules.cell_of_token.get(card.token) if card.token else None
        if cell is not None and board.counters.get(cell) != OPPONENTS:
            raise ParseError(f"{card} was set aside, so the opponents hold its space: write {card.token} under "
                             "'opponents:'", where=where)


def _scenario_partners(fields, declarer: int, contract: Bid, players: int) -> tuple[int, ...]:
    """``partners: 2 4``: the declarer's partners, as many as the contract's team has beside him."""
    wanted = contract.team_size - 1
    if "partners" not in fields:
        if wanted:
            raise ParseError(f"a {contract.team} contract needs {wanted} partner{'s' if wanted > 1 else ''}: "
                             "write a 'partners:' line", where="scenario")
        return ()
    number, value = fields["partners"]
    where = f"line {number}"
    seats = tuple(parse_seat(word, players, where=where) for word in value.replace(",", " ").split()[:wanted + 1])
    if len(seats) != wanted:
        raise ParseError(f"a {contract.team or SOLO} contract has {count_of(wanted, 'partner')}, "
                         f"not {len(seats)}", where=where)
    if declarer in seats or len(set(seats)) != len(seats):
        raise ParseError("the partners are other players than the declarer, each written once", where=where)
    return seats


def _scenario_trick(fields, rules: Rules, seen: dict) -> tuple[tuple[int, Card], ...]:
    """``trick: 1 7H, 2 8H``: the trick in progress, seat and card from its leader on."""
    if "trick" not in fields:
        return ()
    number, value = fields["trick"]
    where, players = f"line {number} (trick)", rules.players
    items = [item for item in value.split(",") if item.strip()]
    if len(items) >= players:
        raise ParseError(f"a trick in progress has at most {count_of(players - 1, 'card')}; got {len(items)}",
                         where=where)
    trick = []
    for item in items:
        words = item.split()
        if len(words) != 2:
            raise ParseError(f"write each card of the trick as 'SEAT CARD' (e.g. 1 7H), not {item.strip()[:40]!r}",
                             where=where)
        seat = parse_seat(words[0], players, where=where)
        (card,) = parse_cards(words[1], parse_card, where=where, separator=None, seen=seen)
        if card not in rules.deck_set:
            raise ParseError(f"{card} is not in the {players}-player deck", where=where)
        if trick and seat != (trick[-1][0] + 1) % players:
            raise ParseError(f"player {(trick[-1][0] + 1) % players} plays after player {trick[-1][0]}, "
                             f"not player {seat}", where=where)
        trick.append((seat, card))
    return tuple(trick)


def _scenario_counters(fields, rules: Rules, tricks_played: int):
    """``declarers:`` / ``opponents:`` — the spaces (tokens) holding each team's counters; the
    board, its bitmasks and the cards already played (those whose spaces hold counters)."""
    board, masks = rules.empty_board, (0, 0)
    tokens_of_cards = {card.token: card for card in rules.deck if card.token}
    played = set()
    for key, team in (("declarers", DECLARERS), ("opponents", OPPONENTS)):
        if key not in fields:
            continue
        number, value = fields[key]
        where = f"line {number} ({key})"
        for word in value.replace(",", " ").split():
            token = word.upper()
            cell = rules.cell_of_token.get(token)
            if cell is None:
                raise ParseError(f"no space {word[:40]!r} on this board: write its token (T1, A21, EXC, RS …)",
                                 where=where)
            if cell in board.counters:
                raise ParseError(f"the space {token} is written twice", where=where)
            if token_kind(token) == "trick" and int(token[1:]) > tricks_played:
                raise ParseError(f"trick {token[1:]} is not played yet ({tricks_played} played): its space is free",
                                 where=where)
            board, masks = _place(board, masks, cell, team)
            if token in tokens_of_cards:
                played.add(tokens_of_cards[token])
    if not allows(fields, "free trick spaces"):
        for number in range(1, tricks_played + 1):
            cell = rules.cell_of_token.get(f"T{number}")
            if cell is not None and cell not in board.counters:
                raise ParseError(f"trick {number} was played, so its space T{number} holds the winner's counter: "
                                 "write it under 'declarers:' or 'opponents:' (or 'allow: free trick spaces')",
                                 where="scenario")
    return board, masks, frozenset(played)


def _scenario_seats(fields: dict[str, tuple[int, str]]) -> dict[str, int]:
    """The seat of each ``hand N`` and ``piles N`` line, N written plainly (``hand 0``, not ``hand 00``)."""
    seats = {}
    for key, (number, _) in fields.items():
        kind, _, seat_text = key.partition(" ")
        if kind in _SEAT_KEYS:
            seat = parse_whole(seat_text, where=f"line {number}", high=5, name="the seat")
            if seat_text != str(seat):
                raise ParseError(f"write the seat as '{kind} {seat}'", where=f"line {number}")
            seats[key] = seat
    return seats


def scenario_text(state: State) -> str:
    """A hand as dealt (nobody has bid yet) as :func:`scenario` reads it: every hand, the talon in
    its order and, with 2 players, the piles; in a later hand the earlier hands' results; on a board
    laid out at random, its layout. It reads back to an equal position whatever the seed.

    >>> from .state import new_game
    >>> state = new_game(2, seed=6)
    >>> scenario(scenario_text(state), seed=state.setup.seed, **state.setup.variant) == state
    True
    """
    if state.auction or state.phase != "bidding" or len(state.results) != state.hand_number - 1:
        raise ValueError("a scenario writes a hand as dealt, before anybody bids")
    lines = [f"players: {state.players}", f"dealer: {state.dealer}"]
    if state.rules.board_kind == "random":
        lines.append(f"layout: {layout_text(state.rules.layout)}")
    lines += [f"result {number}: {result_text(result, state.rules)}" for number, result in enumerate(state.results, 1)]
    lines += [f"hand {seat}: {' '.join(map(str, hand))}" for seat, hand in enumerate(state.hands)]
    lines += [f"piles {seat}: {' '.join('/'.join(map(str, pile)) for pile in piles)}"
              for seat, piles in enumerate(state.piles)]
    lines.append(f"talon: {' '.join(map(str, state.talon))}")
    return "\n".join(lines) + "\n"


def _deck_reader(rules: Rules):
    """A card reader for ``parse_cards`` that refuses a card this player count's deck lacks."""
    def in_deck(word: str, *, where: str) -> Card:
        card = parse_card(word, where=where)
        if card not in rules.deck_set:
            raise ParseError(f"{card} is not in the {rules.players}-player deck", where=where)
        return card
    return in_deck


def _scenario_deal(rules: Rules, seed: int, fields: dict[str, tuple[int, str]], *,
                   sizes: dict[str, int] | None = None, seen: dict[Card, list[str]] | None = None,
                   played: frozenset[Card] = frozenset(), set_aside_from: frozenset[Card] = frozenset()):
    """The scenario's hands, piles and talon: as written, the rest dealt at random (seeded).

    In the middle of a hand, ``sizes`` says how many cards each part holds (its keys: ``hand N``,
    ``talon``, 2 players ``piles N`` not written, 4-player full deck ``set aside``), ``seen`` the
    cards already written, and ``played`` the cards that may not be dealt (their spaces hold
    counters) but those of ``set_aside_from`` (spaces the opponents hold) may be set aside; it
    returns every part's cards and the cards left over (those of earlier tricks)."""
    players = rules.players
    seen = {} if seen is None else seen
    in_deck = _deck_reader(rules)
    fresh = sizes is None
    if sizes is None:
        sizes = {f"hand {seat}": rules.hand_size for seat in range(players)} | {"talon": rules.talon_size}
        if players == 2:
            sizes |= {f"piles {seat}": 2 * rules.piles for seat in range(players)}
    given: dict[str, list[Card]] = {}
    for key, (number, value) in fields.items():
        if key not in sizes:
            continue
        where = f"line {number} ({key})"
        if key.startswith("piles"):
            piles, _ = _scenario_piles(value, in_deck, where=where, seen=seen, whole=True, count=rules.piles)
            given[key] = [card for pile in piles for card in pile]
        else:
            given[key] = list(parse_cards(value.replace(",", " "), in_deck, where=where, separator=None, seen=seen))
        if key != "set aside" and (spent := [card for card in given[key] if card in played]):
            raise ParseError(f"{spent[0]} was played already: its space holds a counter", where=f"line {number}")
        if len(given[key]) != sizes[key]:
            raise ParseError(f"{key} needs {sizes[key]} cards, got {len(given[key])}", where=f"line {number}")
    rest = [card for card in rules.deck if card not in seen and card not in played]
    if "set aside" in sizes and "set aside" not in given:
        candidates = [card for card in rest if card.token not in rules.cell_of_token] + [
            card for card in rules.deck if card in set_aside_from and card not in seen]
        seeded_random(seed, "scenario", "set aside").shuffle(candidates)
        given["set aside"] = candidates[:sizes["set aside"]]
        rest = [card for card in rest if card not in given["set aside"]]
    seeded_random(seed, "scenario").shuffle(rest)
    for key, size in sizes.items():
        if key not in given:
            if len(rest) < size:
                raise ParseError(f"too few cards are left to deal {key} its {size} cards", where="scenario")
            given[key], rest = rest[:size], rest[size:]
    if not fresh:
        set_aside = given.get("set aside", ())
        earlier = tuple(rest) + tuple(card for card in rules.deck if card in played and card not in set_aside)
        return given, earlier
    hands = tuple(sorted_cards(given[f"hand {seat}"]) for seat in range(players))
    piles: tuple = ()
    if players == 2:
        piles = tuple(tuple(tuple(given[f"piles {seat}"][2 * i:2 * i + 2]) for i in range(rules.piles))
                      for seat in range(players))
    return hands, piles, tuple(given["talon"])


def _scenario_piles(value: str, in_deck, *, where: str, seen: dict, whole: bool, count: int):
    """A player's ``count`` 2-player piles (the rulebook's five), each written ``bottom/top``: the piles (bottom to top) and the indices
    of those written ``[card]``. In the middle of a hand (not ``whole``) a pile may also be a
    single card (face up), ``-`` (empty) or ``[card]``: the card under the one its player played
    to the trick in progress, face down until that trick is won."""
    written = value.replace(",", " ").split()
    if len(written) != count:
        raise ParseError(f"write the {count} piles, each as bottom/top (e.g. 10H/RS)"
                         + ("" if whole else ", a single card, [card] (face down) or - (empty)")
                         + f"; got {count_of(len(written), 'pile')}", where=where)
    piles, face_down = [], []
    for index, pile in enumerate(written):
        bracketed = not whole and len(pile) > 2 and pile[0] == "[" and pile[-1] == "]"
        if bracketed:
            face_down.append(index)
            pile = pile[1:-1]
        if not whole and pile == "-" and not bracketed:
            piles.append(())
            continue
        cards = parse_cards(pile, in_deck, where=where, separator="/", seen=seen)
        two, one = len(cards) == 2 and pile.count("/") == 1, len(cards) == 1 and "/" not in pile
        if not (two if whole else one if bracketed else two or one):
            form = "two cards written bottom/top (e.g. 10H/RS)" if whole else (
                "two cards written bottom/top (e.g. 10H/RS), one card, [card] (face down) or - (empty)")
            raise ParseError(f"a pile is {form}, not {written[index][:40]!r}", where=where)
        piles.append(cards)
    return tuple(piles), tuple(face_down)


def _scenario_bid(state: State, fields: dict[str, tuple[int, str]], *, exchange: bool = True) -> State:
    """``bid: SEAT BID``: the bidding is skipped and SEAT declares BID (then the exchange starts,
    unless ``exchange`` is false: a position in the middle of a hand is past it)."""
    number, value = fields["bid"]
    where, players = f"line {number}", state.players
    seat_text, bid_text = (value.split(None, 1) + ["", ""])[:2]
    seat = parse_seat(seat_text, players, where=where)
    bid = parse_bid(bid_text, where=where)
    if problem := check_bid_shape(bid, players):
        raise ParseError(problem, where=where)
    rules = state.rules
    value_of_bid, lowest = rules.value(bid), rules.minimum_value
    if value_of_bid < lowest and not allows(fields, "low bid"):
        raise ParseError(f"{bid} is worth {value_of_bid}, below the minimum bid for {players} players "
                         f"({rules.lowest_bid}, worth {lowest}); write 'allow: low bid' to set it up "
                         "anyway", where=where)
    state = state.derive(auction=((seat, bid),), declarer=seat, contract=bid)
    if not exchange:
        return state
    return state._say(f"Scenario: player {seat} is the declarer with {bid}, value {value_of_bid}.")._start_exchange()
