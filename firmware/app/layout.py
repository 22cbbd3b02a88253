"""Screen layout numbers shared by the firmware and the content compiler (tools/content.py).

Plain ints, no const(): the compiler imports this under CPython to check that every
question fits the screen exactly as the firmware will wrap it.
"""

TEXT_WIDTH = 288  # a full-width line of text: the 296 px panel less 4 px each side
# A question is shown in the first of these that holds it: (font, most lines, line pitch).
QUESTION_FONTS = (("large", 4, 23), ("body", 5, 19))
BAR = 16  # the small header bar of the game screens


def wrap(text, width_of, width):
    """`text` split into lines of at most `width` pixels, at spaces (a word longer than a
    line is cut). `width_of(s)` measures a string. The firmware draws with this and the
    content compiler measures with it, so a question that fits on paper fits on screen."""
    lines = []
    line = ""
    for word in text.split():
        trial = word if not line else line + " " + word
        if width_of(trial) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        while width_of(word) > width:  # a word longer than the line: split it
            cut = len(word) - 1
            while cut > 1 and width_of(word[:cut]) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines
