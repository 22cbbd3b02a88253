"""Screen layout numbers shared by the firmware and the content compiler (tools/content.py).

Plain ints, no const(): the compiler imports this under CPython to check that every
question fits the screen exactly as the firmware will wrap it, and the screens read them
at run time. Every screen counts its rows from the heights of its fonts, so a change of
font is an edit here (host_tests/test_content_fit.py holds these to the font files).
"""

TEXT_WIDTH = 288  # a full-width line of text: the 296 px panel less 4 px each side
# A question is shown in the first of these that holds it: (font, most lines, line pitch).
QUESTION_FONTS = (("large", 4, 23), ("body", 5, 19))
# The height of a line of each font (fonts/*.bin; bold is as tall as body). A screen sets
# its rows this far apart, with a few pixels of air that no font change alters; small
# type's bottom row is blank, so its lines are often set a pixel closer.
SMALL = 15
BODY = 19
LARGE = 25
TITLE = 36
