"""Lists the pairs of categories of one Scattergories list whose examples share a sense by
WordNet's hypernyms: content/scattergories/hypernyms.txt, which is committed. `make
content` then wants a `- pair EARLIER: why` under the later category of each pair in
lists.txt (tools/scattergories_check.py), as it does for two categories sharing an example
word, or a change that parts them (and a rerun here).

    make scattergories-pairs        # .venv-words/bin/python -m tools.scattergories_wordnet

Needs Debian's WordNet 3.0 (`apt-get install wordnet-base`) and nltk (the venv of `make
staycool-candidates`, tools/requirements-words.txt); neither `make content` nor `make
test`'s content checks do, since the file is committed.

An example's sense: of the first MAX_SENSES noun senses of the example (its whole phrase
if WordNet holds it, else its last word), the one whose hypernyms (LEVELS up) meet those of
the most other examples of its category, the commonest sense on a tie: "Kite" is the
bird among birds and the toy among toys. Two categories share a sense when one hypernym,
at most LEVELS above the senses and at least MIN_DEPTH below WordNet's root (a kind of
thing, not "object" or "artifact"), is over at least LINKS of their examples together,
one at least on each side and not just one example that both have (those pairs are
found by scattergories_check without WordNet): "Things you blow" (Trumpet, Whistle) and
"Things that are hollow" (Flute, Pipe) under "wind instrument".
"""

import argparse
import collections
import functools
import os
import sys

from tools import scattergories_check as sg
from tools.staycool_wordnet import WORDNET, debian_version, open_wordnet

HYPERNYMS_PATH = os.path.join(os.path.dirname(sg.LISTS_PATH), "hypernyms.txt")
MAX_SENSES = 4
LEVELS = 2
MIN_DEPTH = 8
LINKS = 3
PICK_LEVELS = 3  # how far up two senses may meet when a sense is picked


def noun_senses(wn, example):
    key = sg.answer_key(example)
    for form in (key.replace(" ", "_").replace("-", "_"), key.split()[-1] if key else ""):
        if form:
            found = wn.synsets(form, "n")
            if found:
                return found[:MAX_SENSES]
    return []


@functools.cache
def above(synset, levels):
    """The synset's hypernyms (instance hypernyms too), up to `levels` up."""
    out, frontier = set(), {synset}
    for _ in range(levels):
        frontier = {h for s in frontier for h in s.hypernyms() + s.instance_hypernyms()}
        out |= frontier
    return frozenset(out)


def senses(wn, category):
    """{example: the synset picked for it} (examples WordNet does not hold are left out)."""
    found = {e: noun_senses(wn, e) for e in category.examples}
    reach = {e: [above(s, PICK_LEVELS) | {s} for s in ss] for e, ss in found.items()}
    picked = {}
    for example, options in found.items():
        best, best_score = None, -1
        for i, synset in enumerate(options):
            mine = reach[example][i]
            score = sum(
                1
                for other, theirs in reach.items()
                if other != example and any(mine & t for t in theirs)
            )
            if score > best_score:
                best, best_score = synset, score
        if best is not None:
            picked[example] = best
    return picked


def shared_senses(wn, lst):
    """[(earlier category, later category, [(hypernym, [its examples in the earlier],
    [in the later])])] for the list's pairs that share a sense."""
    under = []
    for cat in lst.categories:
        by_hypernym = collections.defaultdict(set)
        for example, synset in senses(wn, cat).items():
            for h in above(synset, LEVELS):
                if h.min_depth() >= MIN_DEPTH:
                    by_hypernym[h].add(example)
        under.append(by_hypernym)
    found = []
    for i, a in enumerate(lst.categories):
        for j in range(i + 1, len(lst.categories)):
            b = lst.categories[j]
            links = []
            for h in sorted(set(under[i]) & set(under[j]), key=lambda s: s.name()):
                x, y = under[i][h], under[j][h]
                keys_x = {sg.answer_key(e) for e in x}
                keys_y = {sg.answer_key(e) for e in y}
                if keys_x == keys_y and len(keys_x) == 1:
                    continue  # one example in both: scattergories_check finds it
                if len(x) + len(y) >= LINKS:
                    links.append((h, sorted(x), sorted(y)))
            if links:
                found.append((a, b, links))
    return found


def lines(wn, lists):
    out = []
    for lst in lists:
        for a, b, links in shared_senses(wn, lst):
            why = "; ".join(
                "%s: %s / %s" % (h.name(), ", ".join(x), ", ".join(y)) for h, x, y in links
            )
            out.append(sg.SEPARATOR.join([str(lst.number), a.text, b.text, why]))
    return out


def write(path, found):
    import nltk

    with open(path, "w", encoding="utf-8") as f:
        f.write(
            "# Written by tools/scattergories_wordnet.py (make scattergories-pairs):"
            " do not edit.\n"
            "# The pairs of categories of one list in lists.txt whose examples share a\n"
            "# hypernym in WordNet 3.0 (Debian wordnet-base %s, read with nltk %s): list |\n"
            "# earlier category | later category | hypernym: its examples in each. Each wants\n"
            "# '- pair EARLIER: why' under the later category, or a change and a rerun.\n"
            % (debian_version("wordnet-base"), nltk.__version__)
        )
        for line in found:
            f.write(line + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python -m tools.scattergories_wordnet", description=__doc__.split("\n\n")[0]
    )
    ap.add_argument("--lists", default=sg.LISTS_PATH, help="default %(default)s")
    ap.add_argument("--out", default=HYPERNYMS_PATH, help="default %(default)s")
    ap.add_argument("--wordnet", default=WORDNET, help="WordNet's dict folder")
    args = ap.parse_args(argv)
    if not os.path.isfile(os.path.join(args.wordnet, "data.noun")):
        print("no WordNet in %s: apt-get install wordnet-base" % args.wordnet, file=sys.stderr)
        return 1
    lists = sg.parse_lists(args.lists)
    found = lines(open_wordnet(args.wordnet), lists)
    write(args.out, found)
    print(
        "%s: %d pairs of categories sharing a hypernym" % (os.path.relpath(args.out), len(found))
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
