"""words: the report's fixed prose - the rules in words and the rounding policy.

>>> r = describe_rules(Rules())
>>> r[0]
'Six 52-card decks; every round is dealt from a freshly shuffled shoe.'
"""

from __future__ import annotations

from ..rules import Rules

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

    >>> describe_rules(Rules(decks=None, ties_lose=True))[0]
    'An infinite deck: every card is drawn with the probabilities of a full deck.'
    >>> describe_rules(Rules(win_pays=0.95))[-3]
    'A winning hand pays 0.95 to 1.'
    """
    r = rules
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
        "After the player's hands are complete the dealer reveals its two concealed cards and "
        "burns the highest of its three cards (ace = 11, the up card included).",
        ("The dealer plays its two kept cards by standard rules and hits soft 17."
         if r.hit_soft_17 else
         "The dealer plays its two kept cards by standard rules and stands on all 17s."),
        "A two-card 21 is an ordinary 21 (no blackjack bonus); there is no dealer peek.",
    ]
    if r.win_pays == 1.0:
        out.append("A winning hand pays even money (1 to 1).")
    else:
        out.append(f"A winning hand pays {r.win_pays:g} to 1.")
    if r.commission:
        out.append(f"The house keeps a commission of {100 * r.commission:g}% of every win.")
    else:
        out.append("No commission is taken on wins.")
    out.append(("A dealer total of 22 pushes every player hand still standing; "
                if r.dealer_22_pushes else "Every dealer bust pays the standing hands; ")
               + ("ties lose." if r.ties_lose else "equal totals push."))
    return out
