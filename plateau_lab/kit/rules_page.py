"""The rules page of a described game, written from its description: plain text, or HTML for a page.

Each part of the description gives its sentence; a hook gives the sentence the class wrote for it
(``rules={"trick_winner": "..."}``), or says plainly that the game has a rule of its own there.

>>> from plateau_lab.kit import Bidding, Scoring, TrickGame
>>> game = TrickGame("demo", "Demo", players=range(3, 5), suits="CDSH", ranks="7 8 9 10 J Q K A", hand_size=5,
...                  trumps="turned up", bidding=Bidding(hook_rule=True), scoring=Scoring(exact_bid_bonus=10))
>>> print(rules_text(game))
Demo: a trick-taking game for 3 to 4 players.
The deck: 32 cards, the ranks 7, 8, 9, 10, J, Q, K, A (low to high) in each of the suits clubs (C), diamonds (D), spades (S), hearts (H).
The deal: Each player is dealt 5 cards, one at a time; the next card is turned up and its suit is trumps.
Bidding: From the dealer's left, every player bids once the number of tricks he means to win, from 0 to the cards in his hand. The dealer bids last and may not make the bids total the number of tricks (the hook rule).
Play: The player left of the dealer leads the first trick. Follow the suit led if you can; otherwise play any card.
The trick: The highest trump wins it; if no trump was played, the highest card of the suit led. The winner leads the next trick.
Scoring: 1 point for each trick won; 10 more for winning exactly the tricks you bid.
"""

from __future__ import annotations

__all__ = ["rules_html", "rules_sentences", "rules_text"]

from html import escape

from plateau_lab.core import count_of

from .description import NO_TRUMPS, RANK_WORDS, TURNED_UP, TrickGame, card_reader
from .rows import RowGame
from .rows_rules import row_rules_sentences


def rules_sentences(game: TrickGame | RowGame) -> list[tuple[str, str]]:
    """The rules as (part, sentence) pairs, in the order a player needs them (a game of rows:
    :func:`~.rows_rules.row_rules_sentences`)."""
    if isinstance(game, RowGame):
        return row_rules_sentences(game)
    game = game.checked()
    own, names = game.rules, game.suit_names
    players = game.player_range
    count = f"{players.start}" if len(players) == 1 else f"{players.start} to {players.stop - 1}"
    parts = [(game.title, f"a trick-taking game for {count} players.")]
    deck = game.deck
    if game.cards is None:
        parts.append(("The deck", f"{count_of(len(deck), 'card')}, the ranks {', '.join(game.rank_texts)} (low to "
                                  f"high) in each of the suits {_suits(names)}."))
    else:
        parts.append(("The deck", f"{count_of(len(deck), 'card')}: {game.written(deck)}; the ranks low to "
                                  f"high: {', '.join(game.rank_texts)}; the suits {_suits(names)}."))
    if game.in_play is not None:
        parts.append(("The cards in play", own.get("in_play", "the game has a rule of its own choosing the cards "
                                                              "played with each number of players.")))
    if isinstance(game.hand_size, tuple):
        sizes = [str(size) for size in game.hand_size]
        deal = (f"from the dealer's left, the players are dealt {', '.join(sizes[:-1])} and {sizes[-1]} cards, one "
                "at a time; the rest is the stock, face down")
    else:
        size = own.get("hand_size", "a number of cards the game's own rule decides") if callable(game.hand_size) \
            else count_of(game.hand_size, "card")
        deal = f"each player is dealt {size.rstrip('.')}" if not callable(game.hand_size) else size.rstrip(".")
        deal = deal[0].lower() + deal[1:] + ", one at a time"
    if game.shown:
        deal += f"; the dealer shows everyone the last {count_of(game.shown, 'card')} dealt to him"
    if callable(game.trumps):
        deal += ". " + own.get("trumps", "The game has a rule of its own naming the trumps from them.")
    elif game.trumps == TURNED_UP:
        deal += "; the next card is turned up and its suit is trumps."
    elif game.trumps is NO_TRUMPS:
        deal += "; there are no trumps."
    else:
        deal += f"; trumps are {names[game.trumps]}."
    parts.append(("The deal", deal))
    if game.first_card is not None:
        parts.append(("The first card", own.get("first_card", "the dealer lays the first card of the first trick "
                                                              "face up before the bids, by a rule of the game's own.")))
    laid = game.bidding.cards if game.bidding is not None else 0
    if laid:
        bidding = (f"from the dealer's left, every player lays {count_of(laid, 'card')} of his hand face down as his "
                   "bid; once all have laid theirs, everyone turns the first face up"
                   + (", the others when the hand is scored." if laid > 1 else "."))
        if game.bidding.may_bid is not None:
            bidding += " " + own.get("may_bid", "The game has a rule of its own about which cards may be laid.")
        parts.append(("Bidding", bidding))
    elif game.bidding is not None:
        bidding = ("from the dealer's left, every player bids once the number of tricks he means to win, from 0 "
                   "to the cards in his hand.")
        if game.bidding.hook_rule:
            bidding += " The dealer bids last and may not make the bids total the number of tricks (the hook rule)."
        if game.bidding.may_bid is not None:
            bidding += " " + own.get("may_bid", "The game has a rule of its own about which bids are allowed.")
        parts.append(("Bidding", bidding))
    play = ("the player left of the dealer plays next to the dealer's first card. " if game.first_card is not None
            else "the player left of the dealer leads the first trick. ")
    if game.turns is not None:
        play += (f"Before he leads, the leader draws from the stock until he holds "
                 f"{count_of(game.turns.draw_to, 'card')}; when the stock is empty, the cards played are shuffled "
                 "into a new one. ")
    if game.face_down_lead:
        play += ("With his lead the leader may lay a second card of his hand face down; it is turned up once "
                 "everyone has played to the trick. ")
    play += own.get("may_play", "The game has a rule of its own about which cards may be played.") \
        if game.may_play is not None else "Follow the suit led if you can; otherwise play any card."
    parts.append(("Play", play))
    if game.trick_winner is not None:
        trick = own.get("trick_winner", "The game has a rule of its own about who wins a trick.")
    elif game.trumps is NO_TRUMPS:
        trick = "the highest card of the suit led wins it."
    else:
        trick = "the highest trump wins it; if no trump was played, the highest card of the suit led."
    if game.leads == "left":
        trick += " The player on the left of its leader leads the next trick."
    else:
        trick += (" The first winner in the order of play leads the next trick." if game.trick_winner is not None
                  else " The winner leads the next trick.")
    parts.append(("The trick", trick))
    parts.append(("Scoring", _scoring(game)))
    if game.house_rules:
        names = list(game.house_rules)
        parts.append(("House rules", f"the game may also be played with the house rule{'s' if len(names) > 1 else ''} "
                                     + ", ".join(f"'{name}'" for name in names)
                                     + ", each changing some of the rules above (each has its own rules page)."))
    return [(part, sentence[0].upper() + sentence[1:] if part != game.title else sentence) for part, sentence in parts]


def _suits(names: dict[str, str]) -> str:
    return ", ".join(f"{name} ({letter})" for letter, name in names.items())


def _scoring(game: TrickGame) -> str:
    scoring = game.scoring
    if scoring.score is not None:
        return game.rules.get("score", "the game has a rule of its own for the points of each player.")
    said = []
    if scoring.trick_points is not None:
        said.append(game.rules.get("trick_points", "the game has a rule of its own for what each winner of a trick "
                                                   "scores for it").rstrip("."))
    elif scoring.per_trick:
        said.append(f"{count_of(scoring.per_trick, 'point')} for each trick won")
    if game.turns is not None:
        said.append(f"each trick is scored as it is won, and the game ends as soon as a player has "
                    f"{game.turns.play_to} points or more, more than anyone else: he wins")
    if scoring.card_points:
        said.append("the points of the cards in your tricks: " + ", ".join(
            f"{_card_words(game, key)} {count_of(points, 'point')}" for key, points in scoring.card_points.items()))
    if scoring.exact_bid_bonus:
        said.append(f"{scoring.exact_bid_bonus} more for winning exactly the tricks you bid")
    return "; ".join(said) + "." if said else "nobody scores."


def _card_words(game: TrickGame, key: str) -> str:
    """The cards a key of ``card_points`` names, in words: "the queen of spades (QS)", "each ace
    (A)", "each card of rank 5", "each card of hearts (H)"."""
    names = game.suit_names
    if key in names:
        return f"each card of {names[key]} ({key})"
    if key in game.rank_texts:
        return f"each {RANK_WORDS[key]} ({key})" if key in RANK_WORDS else f"each card of rank {key}"
    card = card_reader(game)(key)
    return f"{card.describe(names)} ({key})"


def rules_text(game: TrickGame) -> str:
    """The rules page as plain text, a line a part (see the module docstring)."""
    return "\n".join(f"{part}: {sentence}" for part, sentence in rules_sentences(game))


def rules_html(game: TrickGame) -> str:
    """The rules page as HTML: a heading and a list, every part named.

    >>> from plateau_lab.kit import TrickGame
    >>> page = rules_html(TrickGame("tiny", "Tiny <3", 3, "CD", "1 2 3", 2))
    >>> page.startswith("<h3>Tiny &lt;3</h3>"), "<b>The trick</b>" in page
    (True, True)
    """
    sentences = rules_sentences(game)
    (title, summary), rest = sentences[0], sentences[1:]
    items = "".join(f"<li><b>{escape(part)}</b>: {escape(sentence)}</li>" for part, sentence in rest)
    return f"<h3>{escape(title)}</h3><p>{escape(summary[0].upper() + summary[1:])}</p><ul>{items}</ul>"
