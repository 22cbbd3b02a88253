#!/usr/bin/env python3
"""Print the Scattergories lists and blank answer sheets, for players who prefer paper.

    python -m tools.scattergories_sheets [--out DIR] [--format pdf|png] [--sheets N]

Writes, in DIR (default: build/sheets), A4 pages at 150 dpi:
- scattergories-lists.pdf: the lists from content/scattergories/lists.txt, four cards
  to a page (cut along the lines: one card per list, as on the device);
- scattergories-answers.pdf: N blank answer sheets (default 6, one per player): a name,
  and for each round the letter, the list number, 12 numbered lines and the points.
With --format png, one PNG per page instead: scattergories-lists-1.png, -2.png ... and one
scattergories-answers.png (print it as many times as needed).
Needs Pillow (in .venv); DejaVu Sans from fonts-dejavu-core if installed, else Pillow's
own font.
"""

import argparse
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from tools import scattergories_check

ROOT = Path(__file__).resolve().parent.parent

DPI = 150
PAGE = (1240, 1754)  # A4 at 150 dpi
MARGIN = 70
INK = 0
GREY = 150
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
LISTS_PER_PAGE = 4


def font(size, bold=False):
    path = DEJAVU / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    try:
        return ImageFont.truetype(str(path), size)
    except OSError:
        return ImageFont.load_default(size)


def fitted(draw, text, size, width, bold=False):
    """The largest font up to `size` in which `text` fits `width` pixels."""
    while size > 10:
        f = font(size, bold)
        if draw.textlength(text, font=f) <= width:
            return f
        size -= 1
    return font(size, bold)


def blank_page():
    return Image.new("L", PAGE, 255)


def list_pages(lists):
    """Pages of four list cards (2 x 2), each card framed for cutting."""
    pages = []
    w = (PAGE[0] - 2 * MARGIN) // 2
    h = (PAGE[1] - 2 * MARGIN) // 2
    for first in range(0, len(lists), LISTS_PER_PAGE):
        page = blank_page()
        draw = ImageDraw.Draw(page)
        for k, lst in enumerate(lists[first : first + LISTS_PER_PAGE]):
            x = MARGIN + (k % 2) * w
            y = MARGIN + (k // 2) * h
            draw_card(draw, lst, x, y, w, h)
        pages.append(page)
    return pages


def draw_card(draw, lst, x, y, w, h):
    pad = 28
    draw.rectangle((x, y, x + w - 1, y + h - 1), outline=GREY, width=2)
    draw.rectangle((x + pad, y + pad, x + w - pad, y + pad + 70), fill=INK)
    draw.text(
        (x + w // 2, y + pad + 35),
        "List %d" % lst.number,
        font=font(44, True),
        fill=255,
        anchor="mm",
    )
    row = (h - 2 * pad - 100) // len(lst.categories)
    top = y + pad + 100
    for i, cat in enumerate(lst.categories):
        cy = top + i * row + row // 2
        draw.text((x + pad + 34, cy), "%d." % (i + 1), font=font(26, True), fill=INK, anchor="rm")
        f = fitted(draw, cat.text, 26, w - 2 * pad - 48)
        draw.text((x + pad + 44, cy), cat.text, font=f, fill=INK, anchor="lm")


def answer_page(rounds=3):
    """A blank answer sheet: a name, then per round its letter, list, 12 lines and points."""
    page = blank_page()
    draw = ImageDraw.Draw(page)
    x0, x1 = MARGIN, PAGE[0] - MARGIN
    draw.text((x0, MARGIN), "Scattergories", font=font(52, True), fill=INK)
    draw.text((x0, MARGIN + 80), "Name", font=font(30), fill=INK)
    draw.line((x0 + 95, MARGIN + 112, x1, MARGIN + 112), fill=INK, width=2)
    num_w = 60
    col_w = (x1 - x0 - num_w) // rounds
    top = MARGIN + 160
    head_h = 110
    row_h = (PAGE[1] - MARGIN - top - head_h - 70) // 12
    bottom = top + head_h + 12 * row_h
    small = font(24)
    for r in range(rounds):
        cx = x0 + num_w + r * col_w
        draw.rectangle((cx, top, cx + col_w, top + head_h), fill=230, outline=INK, width=2)
        draw.text(
            (cx + col_w // 2, top + 26),
            "Round %d" % (r + 1),
            font=font(30, True),
            fill=INK,
            anchor="mm",
        )
        draw.text((cx + 14, top + 72), "Letter", font=small, fill=INK, anchor="lm")
        draw.rectangle((cx + 100, top + 52, cx + 150, top + 94), fill=255, outline=INK, width=2)
        draw.text((cx + 172, top + 72), "List", font=small, fill=INK, anchor="lm")
        draw.rectangle((cx + 228, top + 52, cx + 290, top + 94), fill=255, outline=INK, width=2)
    for i in range(13):
        y = top + head_h + i * row_h
        draw.line(
            (x0, y, x0 + num_w + rounds * col_w, y),
            fill=INK if i in (0, 12) else GREY,
            width=2 if i in (0, 12) else 1,
        )
        if i < 12:
            draw.text(
                (x0 + num_w - 14, y + row_h // 2),
                str(i + 1),
                font=font(30, True),
                fill=INK,
                anchor="rm",
            )
    for r in range(rounds + 1):
        cx = x0 + num_w + r * col_w
        draw.line((cx, top, cx, bottom + 70), fill=INK, width=2)
    draw.text((x0 + num_w - 14, bottom + 35), "Points", font=font(24, True), fill=INK, anchor="rm")
    draw.line(
        (x0 + num_w, bottom + 70, x0 + num_w + rounds * col_w, bottom + 70), fill=INK, width=2
    )
    return page


def write(pages, out, stem, fmt):
    """Saves `pages` as one PDF or as numbered PNGs; returns the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    if fmt == "pdf":
        path = out / (stem + ".pdf")
        pages[0].save(path, save_all=True, append_images=pages[1:], resolution=DPI)
        return [path]
    paths = []
    for i, page in enumerate(pages, 1):
        path = out / ("%s-%d.png" % (stem, i) if len(pages) > 1 else stem + ".png")
        page.save(path, dpi=(DPI, DPI))
        paths.append(path)
    return paths


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.scattergories_sheets", description=__doc__.splitlines()[0]
    )
    parser.add_argument(
        "--out", default=str(ROOT / "build" / "sheets"), help="the folder: build/sheets"
    )
    parser.add_argument("--format", choices=("pdf", "png"), default="pdf", help="pdf by default")
    parser.add_argument("--sheets", type=int, default=6, help="answer sheets in the PDF")
    parser.add_argument("--rounds", type=int, default=3, help="rounds on an answer sheet")
    args = parser.parse_args(argv)
    if not 1 <= args.rounds <= 4 or args.sheets < 1:
        parser.error("--rounds must be 1 to 4 and --sheets at least 1")
    try:
        lists = scattergories_check.parse_lists(scattergories_check.LISTS_PATH)
    except scattergories_check.ContentError as e:
        print(e, file=sys.stderr)
        return 1
    out = Path(args.out)
    written = write(list_pages(lists), out, "scattergories-lists", args.format)
    sheet = answer_page(args.rounds)
    copies = [sheet] * (args.sheets if args.format == "pdf" else 1)
    written += write(copies, out, "scattergories-answers", args.format)
    for path in written:
        print("wrote", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
