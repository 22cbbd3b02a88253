"""Screen layout numbers shared by the firmware and the content compiler (tools/content.py).

Plain ints, no const(): the compiler imports this under CPython to check that every
question fits the screen exactly as the firmware will wrap it.
"""

TEXT_WIDTH = 288  # a full-width line of text: the 296 px panel less 4 px each side
# A question is shown in the first of these that holds it: (font, most lines, line pitch).
QUESTION_FONTS = (("large", 4, 23), ("body", 5, 19))
