# maat -- Makefile (GNU make).
#
#   make            build ./maat
#   make run        install missing packages, build, run the main job on puzzles/
#   make test       install missing packages, build, run every test (also under ASan+UBSan)
#   make layers     every #include of src/ goes down the layers, and the README's
#                   "Inside maat" table names every file of src/
#   make rule-tests every rule id of rules.md (tests/rule_ids.txt) has a test naming it
#   make fixed-arrays every fixed char array of src/ is listed with its reason (tools/fixed_arrays.txt)
#   make asan       unit tests built with AddressSanitizer + UndefinedBehaviorSanitizer
#   make bench      speed figures (perft, solver, diagrams), slow
#   make prune-check the help search's pruning against the plain search on every help record,
#                   and again with tiny picture tables (the overflow path)
#   make prove      prove who wins Upuaut from the start, write and check the proof
#   make install    PREFIX=/usr/local DESTDIR=
#   make deps       apt-get install what is missing (quiet when all is there)
#   make tex-deps   the same for TeX Live with the diagram package (LaTeX output's test)
#   make tex-test   the LaTeX output compiled with pdflatex and read back

CC      ?= cc
PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
PKGS     = yaml-0.1 cairo freetype2 zlib
CWARN    = -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
OPT     ?= -O2
CFLAGS  ?=
ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(OPT) $(CWARN) -MMD -MP \
	-Isrc $(shell pkg-config --cflags $(PKGS) 2>/dev/null) $(CFLAGS)
# The drawing libraries are linked statically (issue 25 part 2, the start-up).
# Linked as shared libraries, cairo brings 21 more of them to every start
# (pixman, fontconfig, freetype, png, expat, brotli, and X11, xcb, Xrender,
# Xext, Xau, Xdmcp, bsd, md, which maat never calls: it draws on no
# display), and mapping and faulting them in was most of a start
# (bench/startup.sh): `maat --version` 1.52 ms of task-clock and 235 page
# faults, against 0.55 ms for an empty program linked to libyaml, zlib and
# libm only; a solve of a small self or reflex record takes 1.5-3 ms, and
# Popeye 8-10.  Linked statically: 0.67 ms and 123 faults, only the
# archives' members that maat calls (cairo's image, PDF, SVG and FreeType
# parts, pixman, fontconfig, freetype, png, expat, brotli: no X11 or xcb
# code), a 4.1 MB binary instead of 0.84 MB, every drawing of puzzles/
# byte-identical (bench/startup_render_check.sh), the same files opened.
# The other way, the renderer built as a shared object that maat would
# dlopen at its first drawing, could at best start as the empty program
# above, 0.1 ms better, for a table-of-functions boundary through the
# renderer's interface, a second build of it for the ASan and fuzzing
# builds, and a file to install and find beside the binary.  (-no-pie would
# save another 0.06 ms, the relocation of cairo's tables: not worth losing
# the binary's address randomisation.)  The .a files come with the -dev
# packages libcairo2-dev depends on (`make deps`); where they are missing,
# `make RENDER_LINK=shared` links as before.  pkg-config names every
# library cairo could need; glibc's own and zlib (maat calls it too) stay
# shared.
RENDER_PKGS  = cairo freetype2
RENDER_LINK ?= static
SHARED_ONLY  = -lm -lpthread -pthread -ldl -lrt -lc -lz
ifeq ($(RENDER_LINK),static)
LDLIBS_RENDER = -Wl,-Bstatic $(filter-out $(SHARED_ONLY),\
	$(shell pkg-config --static --libs $(RENDER_PKGS) 2>/dev/null)) -Wl,-Bdynamic
else
LDLIBS_RENDER = $(shell pkg-config --libs $(RENDER_PKGS) 2>/dev/null)
endif
LDLIBS_ALL = $(shell pkg-config --libs yaml-0.1 2>/dev/null) $(LDLIBS_RENDER) \
	$(shell pkg-config --libs zlib 2>/dev/null) -lpthread -lm
CHECK_LIBS = $(shell pkg-config --libs check 2>/dev/null)

SRC      = $(wildcard src/*/*.c)
LIB_SRC  = $(filter-out src/cli/main.c,$(SRC))
TEST_SRC = $(filter-out tests/check_main.c,$(wildcard tests/check_*.c))
TEST_SUPPORT = $(filter-out tests/check_%.c,$(wildcard tests/*.c))

B        = build
LIB_OBJ  = $(LIB_SRC:%.c=$(B)/%.o)
MAIN_OBJ = $(B)/src/cli/main.o
TEST_OBJ = $(TEST_SRC:%.c=$(B)/%.o) $(TEST_SUPPORT:%.c=$(B)/%.o) $(B)/tests/check_main.o

A        = build-asan
ASAN_FLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
# -O1: -O2 (which compiles since stop 35) took the same CPU on the second
# half of the ASan CLI checks (162 s against 161), most of it starts and
# exits, and compiles slower (the compose.c of 17d06e6, now split: 3.1 s
# against 2.2).
ASAN_OPT   ?= -O1
# The sanitized maat starts about 1,400 times in make test (the CLI checks),
# check's forked children under ASan exit about 400 times, and each start
# and exit costs more than most checks: `maat verify` of one puzzle took
# 0.110 s of CPU and 5,460 page faults, much of it the loader relocating the
# shared sanitizer runtimes and the binary's 3.3 MB of UBSan check data
# (position-independent), and LeakSanitizer's scan of that data at exit.
# With the runtimes linked in and a fixed load address: 0.074 s and 3,080
# faults, the same checks and the same leak scan (the second half of the
# ASan CLI checks: 186 -> 161 s of CPU; issue 21 part 6, stop 35).  clang
# links its runtimes statically already, and knows no -static-libasan.
ASAN_CC ?= $(CC)
CC_IS_CLANG := $(shell $(ASAN_CC) -dM -E -x c /dev/null 2>/dev/null | grep -c __clang__)
ASAN_LDFLAGS ?= $(if $(filter 0,$(CC_IS_CLANG)),-static-libasan -static-libubsan) -no-pie
ASAN_LIB_OBJ  = $(LIB_SRC:%.c=$(A)/%.o)
ASAN_TEST_OBJ = $(TEST_SRC:%.c=$(A)/%.o) $(TEST_SUPPORT:%.c=$(A)/%.o) $(A)/tests/check_main.o

.PHONY: all run test check layers rule-tests fixed-arrays unit asan asan-slow asan-rest cli-test cli-plain cli-asan cli-asan-1 cli-asan-2 bench prune-check prove deps format format-check tex-deps tex-test install uninstall \
	clean format

all: maat

maat: $(LIB_OBJ) $(MAIN_OBJ)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS_ALL)

$(B)/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(A)/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC-ASAN $<"
	@$(ASAN_CC) $(ALL_CFLAGS) $(ASAN_FLAGS) $(ASAN_OPT) -c -o $@ $<

# Every tests/check_*.c exports `Suite *NAME_suite(void)`; the list is generated
# so that adding a test file needs no edit anywhere else.
$(B)/suites.inc: $(TEST_SRC)
	@mkdir -p $(B)
	@grep -ho '^Suite \*[a-z0-9_]*_suite(void)' $(TEST_SRC) | \
	  sed 's/^Suite \*\([a-z0-9_]*\)(void)/SUITE(\1)/' | sort -u > $@.tmp && mv $@.tmp $@

$(B)/tests/check_main.o $(A)/tests/check_main.o: $(B)/suites.inc
$(B)/tests/check_main.o: tests/check_main.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -I$(B) -c -o $@ $<
$(A)/tests/check_main.o: tests/check_main.c
	@mkdir -p $(dir $@)
	$(ASAN_CC) $(ALL_CFLAGS) $(ASAN_FLAGS) $(ASAN_OPT) -I$(B) -c -o $@ $<

$(B)/check_maat: $(LIB_OBJ) $(TEST_OBJ)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS_ALL) $(CHECK_LIBS)

$(A)/check_maat: $(ASAN_LIB_OBJ) $(ASAN_TEST_OBJ)
	$(ASAN_CC) $(ALL_CFLAGS) $(ASAN_FLAGS) $(ASAN_LDFLAGS) -o $@ $^ $(LDLIBS_ALL) $(CHECK_LIBS)

$(B)/corpus_bench: $(LIB_OBJ) $(B)/bench/corpus_bench.o $(B)/tests/minijson.o $(B)/tests/corpus_check.o $(B)/tests/popeye_series_hash.o
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS_ALL)

$(B)/bench/corpus_bench.o: ALL_CFLAGS += -Itests

$(B)/claims_bench: $(LIB_OBJ) $(B)/bench/claims_bench.o $(B)/tests/popeye_output.o
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS_ALL)

$(B)/bench/claims_bench.o: ALL_CFLAGS += -Itests

$(A)/maat: $(ASAN_LIB_OBJ) $(A)/src/cli/main.o
	$(ASAN_CC) $(ALL_CFLAGS) $(ASAN_FLAGS) $(ASAN_LDFLAGS) -o $@ $^ $(LDLIBS_ALL)

deps:
	@sh tools/deps.sh

# TeX Live with chess-problem-diagrams takes a minute or two to install (73 s
# on this project's machine): not part of `make deps`, which a build needs,
# but of `make test`, so that CI compiles the LaTeX output on every machine
# (tests/cli.d/55-latex.sh compiles with it when present, issue 24 part 5).
tex-deps:
	@sh tools/deps.sh tex

tex-test: tex-deps maat
	CLI_TESTS=tests/cli.d/55-latex.sh sh tests/cli.sh ./maat

# The main job: check the bundled collection and draw it as one booklet,
# with the solutions maat proved at the end.
run: deps
	@$(MAKE) --no-print-directory all
	./maat verify puzzles/
	@mkdir -p $(B)
	./maat render puzzles/ -o $(B)/puzzles.pdf --per-page 4 --solutions \
	  --title "The maat puzzle collection"
	@echo 'booklet: $(B)/puzzles.pdf'

# Check's per-test timeouts guard against hangs, not speed: three times
# longer on a loaded machine (CK_TIMEOUT_MULTIPLIER=1 for the written ones).
unit: $(B)/check_maat $(B)/harnesses.ok
	cd tests && CK_TIMEOUT_MULTIPLIER=$${CK_TIMEOUT_MULTIPLIER:-3} ../$(B)/check_maat

# The fuzz harnesses are compiled (not linked) by the ordinary compiler with
# every warning an error, so that an interface they call cannot change
# under them unnoticed where clang is missing.
$(B)/harnesses.ok: $(wildcard tests/fuzz/fuzz_*.c) tests/fuzz/fuzz.h $(wildcard src/*/*.h)
	@mkdir -p $(B)
	@for f in $(wildcard tests/fuzz/fuzz_*.c); do \
	  $(CC) $(filter-out -MMD -MP,$(ALL_CFLAGS)) -fsyntax-only $$f || exit 1; done
	@touch $@

# In two halves, so that `make -j2` (make test) runs them side by side: the
# slowest suites under the sanitizers took half of it, alone on one core at
# the end of the run (tests/check_main.c: MAAT_SUITES, MAAT_SKIP_SUITES).
ASAN_SLOW_SUITES = compose,prove
ASAN_CHECK = cd tests && CK_TIMEOUT_MULTIPLIER=$${CK_TIMEOUT_MULTIPLIER:-3} \
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1

asan: asan-slow asan-rest

asan-slow: $(A)/check_maat $(A)/maat
	$(ASAN_CHECK) MAAT_SUITES=$(ASAN_SLOW_SUITES) ../$(A)/check_maat

asan-rest: $(A)/check_maat $(A)/maat
	$(ASAN_CHECK) MAAT_SKIP_SUITES=$(ASAN_SLOW_SUITES) ../$(A)/check_maat

# The command-line checks with the plain build and under ASan: two targets,
# so that `make -j2` runs them side by side.
cli-test: cli-plain cli-asan

cli-plain: maat
	sh tests/cli.sh ./maat

# (the checks also call ./maat itself: to make inputs, to compare with)
# (CLI_SANITIZED: a check that repeats one code path over many files may take
# fewer of them there, 53-booklet.sh, 66-round-trips.sh; a deep search whose
# code the sanitized run has in smaller ones stays in the plain run,
# 64-options.sh's hs#4; each says so)
# The sanitized run in two halves, files 00-59 and 60-99 (about 55 and 70 s
# of CPU, each file alone, stop 36; a sanitized maat costs 20 ms a start and
# exit, 9 of them the leak check, and starts about 1,400 times), so that
# make -j2 keeps both cores busy to the end instead of waiting on one job.
CLI_FILES   = $(sort $(wildcard tests/cli.d/*.sh))
CLI_SECOND  = $(filter tests/cli.d/6% tests/cli.d/7% tests/cli.d/8% tests/cli.d/9%,$(CLI_FILES))
CLI_FIRST   = $(filter-out $(CLI_SECOND),$(CLI_FILES))
CLI_ASAN    = CLI_SANITIZED=1 ASAN_OPTIONS=detect_leaks=1
cli-asan: cli-asan-1 cli-asan-2
cli-asan-1: maat $(A)/maat
	$(CLI_ASAN) CLI_TESTS="$(CLI_FIRST)" sh tests/cli.sh ./$(A)/maat
cli-asan-2: maat $(A)/maat
	$(CLI_ASAN) CLI_TESTS="$(CLI_SECOND)" sh tests/cli.sh ./$(A)/maat

# Every check runs on one core, so the suites run two at a time (the CI
# machine has 2 cores; MAKE_TEST_JOBS=1 runs them one by one), each suite's
# output kept together (--output-sync).  The order in which they really
# run is not the order of the goals below but that of their builds: at the
# clean-clone run of stop 36 (cfded2a, a loaded machine, 415 s wall,
# 617 s user + 87 s sys; TeX Live already there), the plain build first
# (0-43 s), cli-plain 43-149, fuzz-smoke 99-165 (its clang build, then the
# harnesses), the ASan CLI halves one after the other 155-297, the ASan
# suites 170-414 (asan-rest, then asan-slow, last), unit 302-399.  CPU of
# each, alone, on a loaded machine (issue 21 part 6, stop 36): fuzz-smoke
# 120 s (its clang build 44, the eleven harnesses 76, popeye's seeds alone
# 11), cli-plain 84, unit 81 (compose 32, plays 21, prune 13), cli-asan-2
# 71, asan-rest 70, cli-asan-1 55, asan-slow 55 (compose 36, prove 18);
# the plain and ASan builds 71.
MAKE_TEST_JOBS ?= 2
# (TeX Live that cannot be installed in 5 minutes, an archive out of reach,
# leaves the LaTeX compile test skipped with its SKIP line, not the whole run
# failed; MAAT_REQUIRE_DEPS=1: what `make deps` installs is there, so a check
# that needs it fails rather than skipping, tests/cli.d/39-convert.sh)
test check: deps
	@timeout 300 $(MAKE) --no-print-directory tex-deps || \
	  echo "make test: TeX Live not installed: the LaTeX compile test is skipped"
	@MAAT_REQUIRE_DEPS=1 $(MAKE) --no-print-directory -j$(MAKE_TEST_JOBS) --output-sync=target \
	  asan-slow cli-asan-2 asan-rest cli-asan-1 unit cli-plain fuzz-smoke \
	  layers rule-tests fixed-arrays

layers:
	@sh tools/check_layers.sh && echo "layers: every include of src/ goes down the layers"
	@sh tools/check_readme_files.sh && echo "layers: the README's Inside maat table names every file of src/"

rule-tests:
	@sh tools/check_rule_tests.sh

# Issue 21, part 5 (text is never cut): a new fixed char array needs a reason.
fixed-arrays:
	@sh tools/check_fixed_arrays.sh

# The help search's pruning against the search without it on every help and
# series-help record of tests/corpus/popeye-help-self.jsonl (make unit takes
# the quick ones; this takes them all, for minutes).  A search of one length
# that takes over PRUNE_RECORD_SECONDS (with the pruning or without it: the
# plain search of py-hs-o-0052, h#7, runs past 600 s) leaves its record
# uncompared, named on stderr and counted.
# Then the pictures' overflow path (chess_pictures.c: too many roles or
# pictures fall back to the king's pictures, then to the bound alone): the
# same suite, its quick sets, with the tables made tiny in that one object
# (score.c has a MAX_PICTURES of its own); the lines must stay the same, and
# the tests that count the positions a plan saves are told not to.
PRUNE_RECORD_SECONDS ?= 60
PRUNE_OVERFLOW_DEFS = -DMAX_ROLES=6 -DMAX_STALE_ROLES=6 -DMAX_PICTURES=64
prune-check: $(B)/check_maat $(B)/check_maat_overflow
	cd tests && CK_RUN_SUITE=prune CK_TIMEOUT_MULTIPLIER=100 MAAT_PRUNE_RECORDS=all \
	  MAAT_PRUNE_RECORD_SECONDS=$(PRUNE_RECORD_SECONDS) ../$(B)/check_maat
	cd tests && CK_RUN_SUITE=prune CK_TIMEOUT_MULTIPLIER=100 MAAT_PRUNE_OVERFLOW=1 \
	  ../$(B)/check_maat_overflow

$(B)/overflow/chess_pictures.o: src/games/chess_pictures.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(PRUNE_OVERFLOW_DEFS) -c -o $@ $<

$(B)/check_maat_overflow: $(filter-out $(B)/src/games/chess_pictures.o,$(LIB_OBJ)) \
  $(B)/overflow/chess_pictures.o $(TEST_OBJ)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS_ALL) $(CHECK_LIBS)

bench: deps
	@$(MAKE) --no-print-directory all $(B)/corpus_bench
	sh bench/bench.sh

# Issue 22's first measurement of the composer, from outside: each genre
# composed for COMPOSE_TIME seconds on one core with the defaults, every
# problem checked (tools/compose_check.py).  Not part of `make test`.
COMPOSE_TIME ?= 90
COMPOSE_GENRES ?= all
compose-check: maat
	python3 tools/compose_check.py --time $(COMPOSE_TIME) $(COMPOSE_GENRES)

# Upuaut from its start position: the value, the shortest forced win, and a
# proof file checked by a second run that reads nothing but the file; then
# the prover against the full-width search (maat solve) on every Upuaut
# puzzle and on positions spread over the proof (bench/prove_crosscheck.py).
PROVE_HASH ?= 1024
prove: maat
	@mkdir -p $(B)
	./maat prove --game upuaut --shortest --hash $(PROVE_HASH) --verbose \
	  --proof $(B)/upuaut-start.proof
	./maat check-proof $(B)/upuaut-start.proof
	python3 bench/prove_crosscheck.py ./maat puzzles/upuaut/
	python3 bench/prove_crosscheck.py ./maat --proof $(B)/upuaut-start.proof 200

install: maat
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5
	install -m 755 maat $(DESTDIR)$(BINDIR)/maat
	install -m 644 man/maat.1 $(DESTDIR)$(MANDIR)/man1/maat.1
	install -m 644 man/maat-puzzle.5 $(DESTDIR)$(MANDIR)/man5/maat-puzzle.5

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/maat $(DESTDIR)$(MANDIR)/man1/maat.1 $(DESTDIR)$(MANDIR)/man5/maat-puzzle.5

# Every C file of ours (the generated tables mark themselves clang-format off).
FORMAT_FILES = $(SRC) $(wildcard src/*/*.h tests/*.c tests/*.h \
	tests/fuzz/*.c tests/fuzz/*.h bench/*.c)

format:
	clang-format -i $(FORMAT_FILES)

# Not in `make test`: another clang-format version lays some lines out differently.
format-check:
	clang-format --dry-run --Werror $(FORMAT_FILES)

clean:
	rm -rf $(B) $(A) maat

# ---- hostile input: fuzzing (tests/fuzz/, libFuzzer) and valgrind
#   make fuzz-smoke       each harness FUZZ_SMOKE_TIME (3) seconds under ASan+UBSan
#   make fuzz FUZZER=yaml FUZZ_TIME=600   a long run of one harness
# 11 harnesses of 3 s in make test, 33 s of one core: a smoke test that each
# harness builds, starts from its seed corpus (every seed is run first, then
# a few seconds of mutations), so that make test keeps within its 10 minutes
# as harnesses are added (issue 21, part 6: 13 s, then 8, then 5, then 3 at stop 36); the hours
# of fuzzing are `make fuzz` runs.
# The fuzzing build needs clang with its fuzzer runtime (Debian: clang,
# libclang-rt-14-dev); without it fuzz-smoke says so and passes.
FUZZ_CC   ?= clang
FUZZ_TIME ?= 20
FUZZ_SMOKE_TIME ?= 3
F          = $(B)/fuzz
# -gline-tables-only: the sanitizers' reports name file and line as with -g,
# and the build compiles faster (eight of its largest files: 6.0 -> 5.2 s of CPU)
FUZZ_FLAGS = -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer -gline-tables-only -O1
FUZZERS    = $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BINS  = $(FUZZERS:%=$(F)/fuzz_%)
# clang warns about a few things gcc does not: not an error in this build
FUZZ_CFLAGS = $(filter-out -Werror,$(ALL_CFLAGS)) -Werror=implicit-function-declaration $(FUZZ_FLAGS)

.PHONY: fuzz-smoke fuzz-build fuzz valgrind compose-check

$(F)/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC-FUZZ $<"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

$(F)/libmaat.a: $(LIB_SRC:%.c=$(F)/%.o)
	@rm -f $@
	@ar rcs $@ $^

$(F)/fuzz_%: $(F)/tests/fuzz/fuzz_%.o $(F)/libmaat.a
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^ $(LDLIBS_ALL)

$(F)/tests/fuzz/%.o: FUZZ_CFLAGS += -Itests/fuzz
.PRECIOUS: $(F)/tests/fuzz/%.o

fuzz-build: $(FUZZ_BINS)

fuzz-smoke:
	@if sh tests/fuzz/have-fuzzer.sh $(FUZZ_CC); then \
	  $(MAKE) --no-print-directory fuzz-build && \
	  sh tests/fuzz/run.sh $(F) $(FUZZ_SMOKE_TIME) $(FUZZERS); \
	else \
	  echo "fuzz-smoke: SKIPPED: '$(FUZZ_CC)' cannot build libFuzzer targets" \
	       "(Debian: apt-get install clang libclang-rt-14-dev)"; \
	fi

fuzz: fuzz-build
	sh tests/fuzz/run.sh $(F) $(FUZZ_TIME) $(or $(FUZZER),$(FUZZERS))

# Every unit test, then the main job, under memcheck: slow, not in `make test`.
VALGRIND = valgrind -q --leak-check=full --errors-for-leak-kinds=definite,possible \
	--error-exitcode=3
valgrind: $(B)/check_maat maat
	cd tests && CK_FORK=no CK_DEFAULT_TIMEOUT=600 MAAT_SLOW_TESTS=1 $(VALGRIND) ../$(B)/check_maat
	$(VALGRIND) ./maat verify puzzles/; rc=$$?; [ $$rc -ne 3 ] || exit 3

-include $(shell find $(B) $(A) -name '*.d' 2>/dev/null)
