"""What both sides of a Scattergories round draw (app/scattergories_round.py,
app/scattergories_score.py): the round's name, and the list of categories a page at a time.
Imported at a stage of its own as the game starts (phases.Phases.game).
"""

from micropython import const

from app import layout
from app.gfx import W

_PER_PAGE = const(4)
_FONTS = const(("large", "bold", "body", "small"))  # a category takes the largest that fits


def where(game):
    return "Round %d of %d" % (game.round_no(), game.s["rounds"])


def draw_page(g, cats, page, left, right):
    """Four of the 12 categories, numbered, each in the largest font that fits its line."""
    top = layout.BODY + 2  # the list's bar: the letter in bold
    g.fill_rect(0, 0, W, top)
    g.text(left, 4, 1, "bold", True)
    g.right(right, W - 4, 1, "bold", True)
    y = top + 1
    low = (layout.LARGE - layout.BODY) // 2  # a smaller font, set in the middle of its line
    for c in range(page * _PER_PAGE, min(len(cats), (page + 1) * _PER_PAGE)):
        g.right(str(c + 1), 25, y + low, "bold")
        room = W - 33
        for font in _FONTS:
            if g.width(cats[c], font) <= room:
                break
        g.text(g.fit(cats[c], font, room), 31, y + (low if font != "large" else 0), font)
        y += layout.LARGE - 3  # four lines under the bar


def pages(cats):
    return (len(cats) + _PER_PAGE - 1) // _PER_PAGE
