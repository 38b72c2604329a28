"""Every rule a parameter (issue 29), The Syndicate: each rule does what it says, the engine, the
fast path and the bots read only the game's rule set (``State.rules``), a rule set that would make
a game unplayable or endless is refused with the game's sentence naming the rule and its bounds,
the heuristic bots react to the rules, and every turn of a game under a rule set starts with hand
sizes a scenario accepts. What every game's rule sets share (the fast path in lockstep on rule
sets drawn at random, every bot on both paths, bounds, saves, scenarios) is in
``tests/test_rule_sets.py``."""

import ast
import inspect
import random
import sys
import textwrap

import pytest

from rulesets import assert_refused_everywhere, random_rule_sets

from plateau_lab.core import ParseError, load_json, play_out, rule_set_name
from plateau_lab.core.bots import RandomBot
from plateau_lab.games import syndicate
from plateau_lab.games.syndicate import bots, engine, expert_model, fast, scoring
from plateau_lab.games.syndicate.cards import parse_card
from plateau_lab.games.syndicate.rules import FEWEST_DEALT, rules_of
from plateau_lab.games.syndicate.scenario import scenario_text

SPEC = syndicate.SPEC
SCENARIO = sys.modules["plateau_lab.games.syndicate.scenario"]


def with_a_deal_drawn(variant, rng):
    """``variant`` with, most times, a deal drawn within its bounds for the hand size drawn (a deal
    drawn anywhere is mostly refused, so the generic draws seldom change it)."""
    hand_size = variant.get("hand_size", SPEC.check_variant({})["hand_size"])
    if rng.random() < 0.8:
        variant = {**variant, "deal": tuple(rng.randint(fewest, hand_size) for fewest in FEWEST_DEALT)}
    return variant


def random_rule_sets_with_deals(count, seed):
    """``count`` rule sets drawn at random (``rulesets.random_rule_sets``), most with a deal of their own."""
    rng = random.Random(seed)
    return [with_a_deal_drawn(variant, rng) for _, variant in random_rule_sets("syndicate", count, seed)]


#: Rule sets drawn at random, and the quick run's share: the first few; the rest are marked slow.
RULE_SETS = random_rule_sets_with_deals(20, seed=29)
QUICK = 6


def rule_set_id(variant):
    return rule_set_name("syndicate", variant)[:60]


def quick_and_slow(rule_sets):
    return [pytest.param(variant, marks=() if index < QUICK else pytest.mark.slow)
            for index, variant in enumerate(rule_sets)]


# ---------------------------------------------------------------- each rule does what it says


def test_the_deal_and_the_hand_size_reach_the_table():
    state = syndicate.new_game(3, seed=4, hand_size=7, deal=(6, 2, 7))
    assert [len(hand) for hand in state.hands] == [6, 2, 7] and len(state.draw_pile) == 36 - 15
    assert "with 6 cards" in state.log[0]
    for _ in range(3):                                        # a lead alone, then both answers
        state = state.apply(state.legal_actions()[0])
    assert state.mastermind == 1 and len(state.hands[1]) == 7          # drew up to the hand size
    assert "draws 6 cards to hold 7" in state.log[-1]


def test_the_card_points_count_in_every_total():
    lead, face_down = parse_card("Calamity"), parse_card("Battle")       # events: the Crown and a 4
    answers = (parse_card("Windfall"), parse_card("Pact"))               # an event Crown and a 9
    rules = rules_of(3, {"card_points": (2, 3, 1, 5, 6, 7, 8, 0, 4)})
    assert engine.scheme_totals(lead, face_down, answers) == (14, 19)
    assert engine.scheme_totals(lead, face_down, answers, rules=rules) == (4 + 1, 4 + 0)
    ace, crown = parse_card("Ace of Wyrms"), parse_card("Calamity")
    crowned = rules_of(3, {"ace_points": 3, "crowned_ace_points": 20})
    assert engine.scheme_totals(ace, None, (parse_card("Cave"), parse_card("Author")), rules=crowned) == (3, 7)
    assert engine.scheme_totals(ace, crown, (), rules=crowned) == (30, 0)


def test_the_turn_s_points_follow_the_rule_set():
    rules = rules_of(3, {"foil_points": 3, "plot_points": 5, "plot_face_down_points": 4})
    assert engine.turn_points(9, 10, face_down_played=False, rules=rules) == (0, 3)
    assert engine.turn_points(10, 9, face_down_played=False, rules=rules) == (5, 0)
    assert engine.turn_points(10, 9, face_down_played=True, rules=rules) == (4, 0)
    assert engine.turn_points(9, 9, face_down_played=True, rules=rules) == (0, 0)
    text = "hand 0: Sea, Bard, Castle, Cave, Pact\nhand 1: Author, Desert\nhand 2: Journey, Battle, Savage"
    state = syndicate.scenario(text, seed=0, foil_points=3)
    state = state.apply("lead Pact").apply("play Author").apply("play Journey")   # 9 against 3: it succeeds
    assert state.points == (2, 0, 0)
    state = syndicate.scenario(text, seed=0, foil_points=3)
    state = state.apply("lead Castle").apply("play Desert").apply("play Journey")  # 7 against 2
    state = state.apply("lead Author").apply("play Savage").apply("play Bard")    # 2 against 3 + 10: foiled
    assert state.points == (2 + 3, 0, 3)
    assert any("each enforcer scores 3 points" in line for line in state.log)
    state = syndicate.scenario(text, seed=0, foil_points=0)                       # a foiled plot worth nothing
    state = state.apply("lead Castle").apply("play Desert").apply("play Journey")
    state = state.apply("lead Author").apply("play Savage").apply("play Bard")
    assert state.points == (2, 0, 0)
    assert any("Totals: mastermind 2, enforcers 13. The plot is foiled: each enforcer scores 0 points." in line
               for line in state.log)


def test_the_target_and_the_points_end_the_game_together():
    state = syndicate.scenario("scores: 4 0 0\nhand 0: Sea, Bard, Castle, Cave, Pact\nhand 1: Author, Desert\n"
                               "hand 2: Journey, Battle, Savage", seed=0, target=9, plot_points=5)
    final = state.apply("lead Pact").apply("play Author").apply("play Journey")
    assert final.is_over and final.points == (9, 0, 0) and final.target == 9


def test_the_score_sheet_adds_up_the_rule_set_s_points():
    state = play_out(syndicate.new_game(3, seed=8, foil_points=2, plot_points=3, plot_face_down_points=2, target=15),
                     [RandomBot(s) for s in range(3)])
    sheet = scoring.score_sheet(state, 0)
    for row in sheet.rows:
        assert sum(item.points or 0 for item in row.items) == row.total == state.points[row.seat]
    words = " ".join(item.what for row in sheet.rows for item in row.items)
    assert "foiled as an enforcer, 2 points each" in words and "1 point each" not in words


RULEBOOK_NAMES = ("WINNING_SCORE", "HAND_LIMIT", "DEAL_SIZES", "CARD_POINTS", "ACE_POINTS", "CROWNED_ACE_POINTS",
                  "FOIL_POINTS", "PLOT_POINTS", "PLOT_FACE_DOWN_POINTS", "RULEBOOK", "variant[", "RANK[", "CROWN_RANK")
#: The rule functions that take the rule set; every call outside the rule functions themselves must pass it.
RULE_FUNCTIONS = ("card_value", "scheme_totals", "turn_points")


@pytest.mark.parametrize("code", [fast, bots, SCENARIO, expert_model, scoring, engine.State, engine.new_game,
                                  engine.guaranteed_points], ids=lambda code: code.__name__)
def test_the_engine_the_fast_path_and_the_bots_read_no_rulebook_number_but_the_rule_set(code):
    """Only ``rules.py`` turns the rulebook's numbers and the options into a game's rules; the
    engine's rule functions take the rule set, and everyone else passes it."""
    source = inspect.getsource(code)
    assert [name for name in RULEBOOK_NAMES if name in source] == []
    tree = ast.parse(textwrap.dedent(source))
    for call in ast.walk(tree):
        if isinstance(call, ast.Call) and getattr(call.func, "id", None) in RULE_FUNCTIONS:
            given = [keyword.arg for keyword in call.keywords]          # rules=..., or **{"rules": ...}
            assert "rules" in given or None in given, ast.unparse(call)
        if isinstance(call, ast.Call) and getattr(call.func, "id", None) == "game_winner":
            assert len(call.args) == 2, ast.unparse(call)         # the target, always given


# ---------------------------------------------------------------- the bots react to the rules


def lead_counts(variant, games, bot="heuristic"):
    """Over ``games`` fast games of ``bot`` in every seat: (leads, leads with a face-down card,
    Ace leads)."""
    counted = {"leads": 0, "face_down": 0, "aces": 0}

    def count(seat, legal, index):
        if legal[index].startswith("lead"):
            counted["leads"] += 1
            counted["face_down"] += "face down" in legal[index]
            counted["aces"] += legal[index].startswith("lead Ace")

    for seed in range(games):
        fast.play_fast(3, seed, [seed, seed + 1, seed + 2], variant, bots=[bot] * 3, on_step=count)
    return counted


def test_more_points_for_a_face_down_plot_make_the_bots_play_face_down_cards_more_often():
    rulebook = lead_counts({"target": 8}, 150)
    rich = lead_counts({"target": 8, "plot_face_down_points": 2}, 150)
    share = lambda counted: counted["face_down"] / counted["leads"]        # noqa: E731
    assert share(rich) > 1.5 * share(rulebook) and share(rich) > 0.5


def test_a_richer_crowned_ace_makes_the_bots_lead_aces_more_often():
    rulebook = lead_counts({"target": 8}, 150)
    rich = lead_counts({"target": 8, "ace_points": 9, "crowned_ace_points": 25}, 150)
    share = lambda counted: counted["aces"] / counted["leads"]             # noqa: E731
    assert share(rich) > 1.5 * share(rulebook)


def test_the_cautious_bot_leads_safer_plots_when_a_foiled_plot_gives_more():
    """With 4 points for each enforcer of a foiled plot, the cautious bot guards its plots with a
    face-down card more often than with the rulebook's 1, and more often than the heuristic bot,
    which counts its own points only (and does not react to ``foil_points`` as mastermind)."""
    share = lambda counted: counted["face_down"] / counted["leads"]        # noqa: E731
    cautious_rulebook = share(lead_counts({"target": 8}, 150, "cautious"))
    cautious_rich = share(lead_counts({"target": 8, "foil_points": 4}, 150, "cautious"))
    heuristic_rich = share(lead_counts({"target": 8, "foil_points": 4}, 150, "heuristic"))
    assert cautious_rich > cautious_rulebook + 0.1 and cautious_rich > heuristic_rich + 0.1


def test_an_enforcer_weighs_the_lead_by_the_rule_set_s_points():
    """The second enforcer plays its strongest card while the plot may still succeed, its weakest
    once it is foiled: Author's 2 is beaten by Lunatic's 6, a 20-point Author is not."""
    text = ("mastermind: 0\nhand 0: Author, Sea, Castle, Cave, Pact\nhand 1: Lunatic, Mill, Desert\n"
            "hand 2: Savage, Merchant, Journey")
    for variant, expected in (({}, "play Savage"), ({"card_points": (20, 3, 4, 5, 6, 7, 8, 9, 10)}, "play Merchant")):
        state = syndicate.scenario(text, seed=0, **variant).apply("lead Author").apply("play Lunatic")
        assert str(syndicate.HeuristicBot(0).choose(state)) == expected, variant


# ---------------------------------------------------------------- bad values are refused


#: Values within every option's bounds that make a game unplayable or endless: refused naming the
#: rule and its bounds.
UNPLAYABLE = [
    ({"deal": (3, 4, 3)}, "deal must give the first player 4 to 5 cards, the second 1 to 5 and the third 2 to 5 "
                          "(nobody may be left to answer with no card, and nobody holds more than hand_size, 5), "
                          "not 3, 4, 3"),
    ({"deal": (5, 0, 3)}, "deal must give the first player 4 to 5 cards, the second 1 to 5"),
    ({"deal": (5, 4, 1)}, "deal must give the first player 4 to 5 cards, the second 1 to 5 and the third 2 to 5"),
    ({"deal": (6, 6, 6), "hand_size": 5}, "deal must give the first player 4 to 5 cards"),
    ({"hand_size": 4, "deal": (5, 4, 3)}, "deal must give the first player 4 to 4 cards, the second 1 to 4 and the "
                                          "third 2 to 4 (nobody may be left to answer with no card, and nobody "
                                          "holds more than hand_size, 4), not 5, 4, 3"),
    ({"card_points": (0,) * 9, "ace_points": 0, "crowned_ace_points": 0},
     "card_points, ace_points and crowned_ace_points must not all be 0 (from 0 to 30, one of them at least 1): every "
     "turn would be a tie, and nobody would ever score"),
    ({"foil_points": 0, "plot_points": 0, "plot_face_down_points": 3},
     "foil_points and plot_points must not both be 0 (from 0 to 20, one of them at least 1)"),
]

TEXT = "hand 0: Sea, Bard, Castle, Cave, Pact\nhand 1: Author, Desert\nhand 2: Journey, Battle, Savage"


@pytest.mark.parametrize("variant, sentence", UNPLAYABLE, ids=lambda v: str(v)[:40])
def test_rules_that_would_make_a_game_unplayable_or_endless_are_refused_naming_the_rule_and_its_bounds(variant,
                                                                                                       sentence):
    """The game's own sentences; the engine, the fast path, a scenario and simulate all refuse."""
    assert_refused_everywhere("syndicate", 3, variant, sentence,
                              also=[lambda: syndicate.scenario(TEXT, seed=2, **variant)])


def test_every_option_is_documented_and_bounded():
    for option in SPEC.options:
        assert option.doc and option.name.islower() and "rulebook's" in option.doc
        if option.kind is int:
            assert option.low is not None and option.high is not None, option.name
        if option.kind is tuple:
            assert option.longest is not None and option.high is not None, option.name
        for value in option.played_values():
            state = syndicate.new_game(3, seed=1, **{option.name: value})   # the soak's values are playable
            assert play_out(state, [RandomBot(s) for s in range(3)]).is_over


# ---------------------------------------------------------------- a rule set has a name


def test_a_rule_set_is_named_standard_by_its_changes_or_by_the_caller():
    assert syndicate.new_game(3, seed=1).setup.rules == "standard"
    assert syndicate.new_game(3, seed=1, **SPEC.check_variant({})).setup.rules == "standard"
    state = syndicate.new_game(3, seed=1, plot_points=3, hand_size=6)
    assert state.setup.rules == rule_set_name("syndicate", {"plot_points": 3, "hand_size": 6}) != "standard"
    assert "plot points 3" in state.setup.rules and "hand size 6" in state.setup.rules
    named = syndicate.new_game(3, seed=1, plot_points=3, hand_size=6, rules_name="  big hands ")
    assert named.setup.rules == "big hands" and named == state        # the name changes no move


def test_a_scenario_under_a_rule_set_reads_back_under_it():
    variant = {"hand_size": 6, "deal": (6, 3, 5), "card_points": (9, 8, 7, 6, 5, 4, 3, 2, 1), "plot_points": 3}
    state = syndicate.new_game(3, seed=3, rules_name="upside down", **variant)
    rng = random.Random(3)
    for _ in range(7):
        state = state.apply(rng.choice(state.legal_actions()))
    while state.table is not None:
        state = state.apply(state.legal_actions()[0])
    text = scenario_text(state)
    assert "allow" not in text            # the hands are the sizes play leaves under this rule set
    again = syndicate.scenario(text, seed=state.setup.seed, rules_name="upside down", **variant)
    assert again == state and again.rules == state.rules and again.setup.rules == "upside down"
    with pytest.raises(ParseError, match="nobody ever holds more than 5"):
        syndicate.scenario(text, seed=state.setup.seed)                  # six cards: not under the rulebook
    assert load_json(state.to_json()) == state and load_json(state.to_json()).setup.rules == "upside down"


def test_simulate_s_table_carries_the_rule_set_s_name():
    from plateau_lab.lab.simulate import simulate

    table = simulate("syndicate", 4, variant={"plot_points": 3}, bots=["cautious", "heuristic", "random"],
                     workers=1, progress=False).to_pandas()
    assert set(table.rules) == {"plot points 3"}


@pytest.mark.parametrize("variant", quick_and_slow(RULE_SETS[:20]), ids=rule_set_id)
def test_every_turn_starts_with_hand_sizes_a_scenario_accepts_under_the_rule_set(variant):
    """``scenario.played_hand_sizes`` knows every size play leaves at a turn's start, under any rule
    set: each such position reads back from its text with no 'allow' line."""
    rng = random.Random(rule_set_id(variant))
    for seed in range(3):
        state = syndicate.new_game(3, seed=seed, **variant)
        while not state.is_over:
            if state.table is None:
                seats = (state.mastermind, *engine.enforcers_of(state.mastermind))
                sizes = tuple(len(state.hands[seat]) for seat in seats)
                assert sizes in SCENARIO.played_hand_sizes(state.rules), (sizes, state.turn_number)
                text = scenario_text(state)
                assert "allow" not in text
                if rng.random() < 0.2:
                    assert syndicate.scenario(text, seed=seed, **variant) == state
            state = state.apply(rng.choice(state.legal_actions()))
