"""Lists, for each written Stay Cool answer, the words near it in WordNet that the dice
spell and words.txt holds: content/staycool/candidates.txt, which is committed. `make
content` then wants a `- not WORD: why` under the clue for each of them (or a clue that
rules it out, and says so), so that every written clue has one good answer.

    make staycool-candidates        # .venv-words/bin/python -m tools.staycool_wordnet

Needs Debian's WordNet 3.0 (`apt-get install wordnet-base`, in /usr/share/wordnet) and
nltk (tools/requirements-words.txt) to read it; neither `make content` nor `make test`
does, since the file is committed.

Near means, for the senses of the answer that the clue is about:
- a synonym: another word of the same synset;
- a sibling: another hyponym of the sense's hypernym, when that hypernym has at most
  SIBLINGS_UP_TO hyponyms (kinds of swine: BOAR HOG SOW; not the hundreds of containers).
The senses a clue is about are those whose gloss, examples, words and hypernyms share
the most words with the clue (a simplified Lesk), and the answer's most common sense
as well for its synonyms; if no sense shares a word, the most common sense alone.
"""

import argparse
import gzip
import os
import re
import subprocess
import sys
import tempfile
import warnings

from tools import staycool_check as sc

WORDNET = "/usr/share/wordnet"
# Debian's wordnet-base ships the lexicographer file names (which nltk opens) only in a
# man page of the same package: the table is read from there.
LEXNAMES_MAN = "/usr/share/man/man5/lexnames.5WN.gz"
CANDIDATES_PATH = os.path.join(sc.CONTENT, "candidates.txt")
SIBLINGS_UP_TO = 15
# Clue words too common to tell one sense from another.
STOP = set(
    re.findall(
        r"\w+",
        "a an the of to in on at by for with from and or is it its you your that this as be "
        "are was one can do does up out like often not",
    )
)


def open_wordnet(folder=WORDNET):
    """nltk's reader over Debian's files, from a scratch folder that adds `lexnames`."""
    warnings.filterwarnings("ignore", module="nltk")  # "no multilingual functions": none used
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    scratch = tempfile.mkdtemp(prefix="wordnet-")
    for name in os.listdir(folder):
        os.symlink(os.path.join(folder, name), os.path.join(scratch, name))
    pos = {"adj": 3, "adv": 4, "noun": 1, "verb": 2}
    with gzip.open(LEXNAMES_MAN, "rt") as man, open(os.path.join(scratch, "lexnames"), "w") as f:
        for line in man:
            m = re.match(r"(\d\d)\t(\w+)\.(\w+)\s*\t", line)
            if m:
                f.write("%s %s.%s %d\n" % (m.group(1), m.group(2), m.group(3), pos[m.group(2)]))
    return WordNetCorpusReader(scratch, None)


def neighbours(wn, answer, clue):
    """The synonyms and siblings of `answer` in the senses `clue` is about (lowercase)."""

    def lemma(word):
        return next((m for m in map(lambda p: wn.morphy(word, p), "nvar") if m), word)

    def bag(text):
        return {lemma(w) for w in re.findall(r"[a-z]+", text.lower()) if w not in STOP}

    def sense_words(s):
        found = bag(s.definition()) | {w.lower() for w in s.lemma_names()}
        for example in s.examples():
            found |= bag(example)
        for h in s.hypernyms() + s.instance_hypernyms():
            found |= bag(" ".join(h.lemma_names()).replace("_", " ")) | bag(h.definition())
        return found

    senses = wn.synsets(answer)
    if not senses:
        return set()
    wanted = bag(clue)
    scores = [len(wanted & sense_words(s)) for s in senses]
    best = max(scores)
    about = [s for s, n in zip(senses, scores, strict=True) if n == best] if best else senses[:1]
    found = {w.lower() for s in about + senses[:1] for w in s.lemma_names()}
    for s in about:
        for h in s.hypernyms() + s.instance_hypernyms():
            kinds = h.hyponyms() + h.instance_hyponyms()
            if len(kinds) <= SIBLINGS_UP_TO:
                found |= {w.lower() for k in kinds for w in k.lemma_names()}
    own = {answer} | {wn.morphy(answer, p) for p in "nvar"}
    return found - own


def candidates(wn, cards, words, dice):
    """{answer: sorted candidate words, uppercase} for every written answer."""
    out = {}
    for card in cards:
        for q in card.questions:
            near = neighbours(wn, q.answer.lower(), q.text)
            out[q.answer] = sorted(
                w.upper()
                for w in near
                if re.fullmatch(r"[a-z]{3,4}", w) and w in words and sc.spellable(w, dice)
            )
    return out


def debian_version(package):
    proc = subprocess.run(
        ["dpkg-query", "-W", "-f", "${Version}", package], capture_output=True, text=True
    )
    return proc.stdout.strip() if proc.returncode == 0 else "unknown"


def write(path, found):
    import nltk

    with open(path, "w", encoding="utf-8") as f:
        f.write(
            "# Written by tools/staycool_wordnet.py (make staycool-candidates): do not edit.\n"
            "# Each written answer, then its WordNet 3.0 neighbours (Debian wordnet-base %s,\n"
            "# read with nltk %s) that the dice spell and words.txt holds. Each needs a\n"
            "# '- not WORD: why' under its clue in written.txt (make content checks it).\n"
            % (debian_version("wordnet-base"), nltk.__version__)
        )
        for answer in sorted(found):
            f.write(("%s: %s" % (answer, " ".join(found[answer]))).rstrip() + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=CANDIDATES_PATH, help="default %(default)s")
    ap.add_argument("--wordnet", default=WORDNET, help="WordNet's dict folder")
    args = ap.parse_args(argv)
    if not os.path.isfile(os.path.join(args.wordnet, "data.noun")):
        print("no WordNet in %s: apt-get install wordnet-base" % args.wordnet, file=sys.stderr)
        return 1
    wn = open_wordnet(args.wordnet)
    cards = sc.parse_cards(sc.WRITTEN_PATH)
    found = candidates(wn, cards, sc.parse_words(sc.WORDS_PATH), sc.parse_dice(sc.DICE_PATH))
    write(args.out, found)
    pairs = sum(len(v) for v in found.values())
    print("%d candidates for %d answers -> %s" % (pairs, len(found), args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
