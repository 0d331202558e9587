"""words: the report's fixed prose - the rules in words and the rounding policy.

>>> r = describe_rules(Rules())
>>> r[0]
'Six 52-card decks; every round is dealt from a freshly shuffled shoe.'
"""

from __future__ import annotations

from ..rules import Rules, format_odds

__all__ = ["ROUNDING", "describe_rules"]

ROUNDING = (
    "None until the final figure: every probability and expected value is computed in float64 "
    "by the exact engine and summed unrounded; the Markdown and HTML pages round only what "
    "they print (to the digits shown); the JSON file holds the full float64 values (shortest "
    "round-trip form) and the workbook 16 significant digits."
)

_DECK_WORDS = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven",
               8: "Eight"}


def describe_rules(rules: Rules) -> list[str]:
    """The game in words, one sentence per rule, for the report's first section.

    >>> describe_rules(Rules(decks=None, ties_lose_from=17))[0]
    'An infinite deck: every card is drawn with the probabilities of a full deck.'
    >>> describe_rules(Rules(win_pays="19:20"))[-3]
    'A winning hand pays 19 to 20 (0.95 to 1).'
    >>> describe_rules(Rules(dealer_bust_push=23, ties_lose_from=20))[-1].split("; ")[1]
    'a tie on 20 or 21 loses, lower ties push.'
    """
    r = rules
    kept = "two cards" if r.dealer_burn == "none" else "two kept cards"
    if r.decks is None:   # the infinite deck
        shoe = "An infinite deck: every card is drawn with the probabilities of a full deck."
    else:
        n = _DECK_WORDS.get(r.decks, str(r.decks))
        shoe = (f"{n} 52-card deck{'s' if r.decks != 1 else ''}; every round is dealt from a "
                f"freshly shuffled shoe.")
    out = [
        shoe,
        "The player and the dealer receive three cards each; the dealer's centre card is "
        "dealt face up.",
        "Seeing its three cards and the up card, the player burns one card and keeps two.",
        ("A kept pair (equal blackjack values, mixed tens included) must be split, with a "
         "matching wager on the second hand." if r.mandatory_split else
         "A kept pair (equal blackjack values) may be split, with a matching wager, or "
         "played as one hand (the player's choice)."),
        (f"A split hand that draws another pair card may split again, up to {r.max_hands} "
         f"hands in all." if r.max_hands > 2 else
         "No resplits: a split makes exactly two hands."),
        ("Split aces take one card each" if r.split_aces_one_card else
         "Split aces are played like any other split hand")
        + ("; a split ace that draws an ace may split again." if r.resplit_aces and
           r.max_hands > 2 else "; split aces may not be resplit."),
        "The player may hit, stand or double down"
        + {"any": " on any two-card hand", "9-11": " on a hard two-card 9, 10 or 11 only",
           "10-11": " on a hard two-card 10 or 11 only"}[r.double_on]
        + ("; doubling after a split is allowed." if r.double_after_split else
           "; no doubling after a split."),
        {"highest": "After the player's hands are complete the dealer reveals its two concealed "
                    "cards and burns the highest of its three cards (ace = 11, the up card "
                    "included).",
         "lowest": "After the player's hands are complete the dealer reveals its two concealed "
                   "cards and burns the lowest of its three cards (ace = 11, so an ace is "
                   "burned last; the up card included): it keeps its best two.",
         "none": "The dealer takes one concealed card and burns nothing (an ordinary two-card "
                 "dealer); it reveals the card after the player's hands are complete."
         }[r.dealer_burn],
        (f"The dealer plays its {kept} by standard rules and hits soft 17."
         if r.hit_soft_17 else
         f"The dealer plays its {kept} by standard rules and stands on all 17s."),
        "A two-card 21 is an ordinary 21 (no blackjack bonus); there is no dealer peek.",
    ]
    if r.win_pays == 1:
        out.append("A winning hand pays even money (1 to 1).")
    else:
        odds = format_odds(r.win_pays)
        if ":" in odds and not odds.endswith(":1"):
            p, q = odds.split(":")
            out.append(f"A winning hand pays {p} to {q} ({float(r.win_pays):g} to 1).")
        else:
            out.append(f"A winning hand pays {float(r.win_pays):g} to 1.")
    if r.commission:
        out.append(f"The house keeps a commission of {100 * r.commission:g}% of every win.")
    else:
        out.append("No commission is taken on wins.")
    push = {None: "Every dealer bust pays the standing hands; ",
            22: "A dealer total of 22 pushes every player hand still standing; ",
            23: "A dealer bust on 22 or 23 pushes every player hand still standing; "}
    tie = r.ties_lose_from
    out.append(push[r.dealer_bust_push]
               + ("equal totals push." if tie is None else "ties lose." if tie == 17 else
                  "a tie on 21 loses, lower ties push." if tie == 21 else
                  f"a tie on {tie} or {'21' if tie == 20 else 'more'} loses, lower ties push."))
    return out
