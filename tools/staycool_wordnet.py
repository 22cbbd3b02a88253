"""Lists, for each written Stay Cool answer, the words near it in WordNet that the dice
spell and words.txt holds: content/staycool/candidates.txt, which is committed; and the
words near it in a thesaurus not derived from WordNet, the Moby thesaurus as Debian's
`libaiksaurus-1.2-data` holds it: content/staycool/moby.txt, committed too. `make
content` then wants a `- not WORD: why` under the clue for each of them (or a clue that
rules it out, and says so), so that every written clue has one good answer.

    make staycool-candidates        # .venv-words/bin/python -m tools.staycool_wordnet

Needs Debian's WordNet 3.0 (`apt-get install wordnet-base`, in /usr/share/wordnet) and
nltk (tools/requirements-words.txt) to read it, and Debian's Aiksaurus data (`apt-get
install libaiksaurus-1.2-data`, in /usr/share/aiksaurus: read here, no library needed);
neither `make content` nor `make test` does, since the files are committed.

Near means, for the senses of the answer that the clue is about:
- a synonym: another word of the same synset;
- a sibling: another hyponym of the sense's hypernym, when that hypernym has at most
  SIBLINGS_UP_TO hyponyms (kinds of swine: BOAR HOG SOW; not the hundreds of containers).
The senses a clue is about are those whose gloss, examples, words and hypernyms share
the most words with the clue (a simplified Lesk), and the answer's most common sense
as well for its synonyms; if no sense shares a word, the most common sense alone.

Near in Aiksaurus: its 2,621 "meanings" are broad groups (BANK is in five, 13 to 39 words
each: banks of earth, rows, fences ...), so every word of every meaning would be some
6,000 words to decide. A word is near when it shares at least MOBY_SHARED of the answer's
meanings, one of them a meaning the clue is about (one that holds a word of the clue, as
for WordNet's senses): HIVE and NEST share "roost" and "flock" and the clue "Bees live in
it" is about roosting.
"""

import argparse
import gzip
import os
import re
import struct
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
MOBY_PATH = os.path.join(sc.CONTENT, "moby.txt")
AIKSAURUS = "/usr/share/aiksaurus"
AIKSAURUS_PACKAGE = "libaiksaurus-1.2-data"
MOBY_SHARED = 2
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


def read_aiksaurus(folder=AIKSAURUS):
    """({word: [meaning number, ...]}, [[word, ...] for each meaning]) from Aiksaurus'
    words.dat (each word, NUL, then its meanings as big-endian 16-bit numbers ending in
    0xFFFF) and meanings.dat (each meaning's words as numbers into words.dat, the first two
    being its title, ending in 0xFFFF). Multi-word entries join their words with ':'."""

    def numbers(data, i):
        out = []
        while True:
            (v,) = struct.unpack_from(">H", data, i)
            i += 2
            if v == 0xFFFF:
                return out, i
            out.append(v)

    with open(os.path.join(folder, "words.dat"), "rb") as f:
        data = f.read()
    names, of_word, i = [], {}, 0
    while i < len(data):
        end = data.index(b"\0", i)
        word = data[i:end].decode("latin-1").lower()
        found, i = numbers(data, end + 1)
        names.append(word)
        of_word.setdefault(word, []).extend(found)
    with open(os.path.join(folder, "meanings.dat"), "rb") as f:
        data = f.read()
    meanings, i = [], 0
    while i < len(data):
        found, i = numbers(data, i)
        meanings.append(sorted({names[k] for k in found}))
    return of_word, meanings


def moby_neighbours(thesaurus, answer, clue):
    """The words sharing MOBY_SHARED or more of `answer`'s Aiksaurus meanings, one of them
    a meaning that holds a word of `clue` (lowercase)."""
    of_word, meanings = thesaurus
    mine = [set(meanings[m]) for m in of_word.get(answer, [])]
    wanted = {w for w in re.findall(r"[a-z]+", clue.lower()) if w not in STOP}
    about = [m for m in mine if wanted & {p for w in m for p in w.split(":")}]
    found = set()
    for m in about:
        for w in m:
            if w != answer and sum(w in other for other in mine) >= MOBY_SHARED:
                found.add(w)
    return found


def moby_candidates(thesaurus, cards, words, dice):
    """{answer: sorted words near it in Aiksaurus, uppercase} for every written answer."""
    out = {}
    for card in cards:
        for q in card.questions:
            near = moby_neighbours(thesaurus, q.answer.lower(), q.text)
            out[q.answer] = sorted(
                w.upper()
                for w in near
                if re.fullmatch(r"[a-z]{3,4}", w) and w in words and sc.spellable(w, dice)
            )
    return out


def write_moby(path, found):
    with open(path, "w", encoding="utf-8") as f:
        f.write(
            "# Written by tools/staycool_wordnet.py (make staycool-candidates): do not edit.\n"
            "# Each written answer, then the words near it in the Moby thesaurus as Debian's\n"
            "# %s %s holds it (Aiksaurus; a second source, not derived from\n"
            "# WordNet), that the dice spell and words.txt holds: those sharing %d of the\n"
            "# answer's meanings, one of them a meaning the clue is about. Each needs a\n"
            "# '- not WORD: why' under its clue in written.txt (make content checks it).\n"
            % (AIKSAURUS_PACKAGE, debian_version(AIKSAURUS_PACKAGE), MOBY_SHARED)
        )
        for answer in sorted(found):
            f.write(("%s: %s" % (answer, " ".join(found[answer]))).rstrip() + "\n")


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
    ap.add_argument("--moby-out", default=MOBY_PATH, help="default %(default)s")
    ap.add_argument("--wordnet", default=WORDNET, help="WordNet's dict folder")
    ap.add_argument("--aiksaurus", default=AIKSAURUS, help="Aiksaurus' data folder")
    args = ap.parse_args(argv)
    if not os.path.isfile(os.path.join(args.wordnet, "data.noun")):
        print("no WordNet in %s: apt-get install wordnet-base" % args.wordnet, file=sys.stderr)
        return 1
    if not os.path.isfile(os.path.join(args.aiksaurus, "meanings.dat")):
        print(
            "no Aiksaurus in %s: apt-get install %s" % (args.aiksaurus, AIKSAURUS_PACKAGE),
            file=sys.stderr,
        )
        return 1
    wn = open_wordnet(args.wordnet)
    cards = sc.parse_cards(sc.WRITTEN_PATH)
    words, dice = sc.parse_words(sc.WORDS_PATH), sc.parse_dice(sc.DICE_PATH)
    found = candidates(wn, cards, words, dice)
    write(args.out, found)
    pairs = sum(len(v) for v in found.values())
    print("%d candidates for %d answers -> %s" % (pairs, len(found), args.out))
    moby = moby_candidates(read_aiksaurus(args.aiksaurus), cards, words, dice)
    write_moby(args.moby_out, moby)
    pairs = sum(len(v) for v in moby.values())
    print(
        "%d Moby (Aiksaurus) candidates for %d answers -> %s" % (pairs, len(moby), args.moby_out)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
