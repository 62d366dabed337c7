/*
** fuzz.h -- what the libFuzzer harnesses of tests/fuzz/ share: the entry
** point's prototype, turning the fuzzer's bytes into a C string, and the
** invariants every harness checks on what maat hands back.
**
** A broken invariant is reported on stderr and abort()s, so libFuzzer
** saves the input as a crash like any sanitizer report.
*/
#ifndef MAAT_FUZZ_H
#define MAAT_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define FUZZ_FAIL(...)                                                                     \
	do {                                                                               \
		fprintf(stderr, "fuzz invariant broken (%s:%d): ", __FILE__, __LINE__);    \
		fprintf(stderr, __VA_ARGS__);                                              \
		fputc('\n', stderr);                                                       \
		abort();                                                                   \
	} while (0)

/* The bytes as a NUL-terminated string (an embedded NUL ends it, as it
   would in argv or in a YAML scalar); free() it. */
static inline char *fuzz_cstring(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = 0;
	return s;
}

/* A message: not empty, ends inside its buffer. */
static inline void fuzz_message(const char *what, const char *msg, size_t cap)
{
	size_t n = strnlen(msg, cap);
	if (n == cap)
		FUZZ_FAIL("%s: not NUL-terminated within %zu bytes", what, cap);
	if (n == 0)
		FUZZ_FAIL("%s: empty message", what);
}

/* A message as the user sees it: one line, no control characters. */
static inline void fuzz_one_line(const char *what, const char *msg, size_t cap)
{
	fuzz_message(what, msg, cap);
	for (const char *p = msg; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			FUZZ_FAIL("%s: control character 0x%02x in: %s", what, *p, msg);
}

/*
** Whatever a game accepted must behave: format() reads back to the same
** text, the incremental hash matches the one computed from scratch, and
** every legal move can be spelled, parsed back, made and unmade leaving the
** position as it was.  Checks (when the game has them) agree with making
** the move.
*/
static inline void fuzz_check_position(const struct game *g, void *pos)
{
	char text[1024], again[1024], err[256];
	_Alignas(16) unsigned char copy[MAX_POS_SIZE], undo[MAX_UNDO_SIZE];
	move_t moves[MAX_MOVES];
	bool check[MAX_MOVES];

	g->format(pos, text, sizeof text);
	if (g->parse(copy, text, err, sizeof err) != 0)
		FUZZ_FAIL("%s: format() wrote '%s', parse() refuses it: %s", g->id, text, err);
	g->format(copy, again, sizeof again);
	if (strcmp(text, again) != 0)
		FUZZ_FAIL("%s: round trip '%s' -> '%s'", g->id, text, again);
	if (g->hash(pos) != g->hash_recompute(pos))
		FUZZ_FAIL("%s: incremental hash differs from recomputed in '%s'", g->id, text);

	int n = g->gen_moves(pos, moves);
	if (n < 0 || n > MAX_MOVES)
		FUZZ_FAIL("%s: %d moves in '%s'", g->id, n, text);
	enum result r = g->outcome(pos, moves, n);
	if (r != RESULT_ONGOING && r != RESULT_LOSS && r != RESULT_WIN && r != RESULT_DRAW)
		FUZZ_FAIL("%s: outcome %d in '%s'", g->id, (int)r, text);
	if (g->mark_checks)
		g->mark_checks(pos, moves, n, check);
	for (int i = 0; i < n; i++) {
		char canon[64], pretty[64];
		g->move_text(pos, moves[i], MOVE_CANONICAL, canon, sizeof canon);
		g->move_text(pos, moves[i], MOVE_PRETTY, pretty, sizeof pretty);
		if (game_parse_move(g, pos, canon, err, sizeof err) != moves[i])
			FUZZ_FAIL("%s: move '%s' does not parse back in '%s'", g->id, canon, text);
		bool gives = false;
		if (g->gives_check)
			gives = g->gives_check(pos, moves[i]);
		g->make(pos, moves[i], undo);
		if (g->hash(pos) != g->hash_recompute(pos))
			FUZZ_FAIL("%s: hash wrong after %s in '%s'", g->id, canon, text);
		if (g->in_check) {
			bool in = g->in_check(pos);
			if (g->gives_check && gives != in)
				FUZZ_FAIL("%s: gives_check(%s) = %d, in_check after = %d in '%s'",
					  g->id, canon, gives, in, text);
			if (g->mark_checks && check[i] != in)
				FUZZ_FAIL("%s: mark_checks(%s) = %d, in_check after = %d in '%s'",
					  g->id, canon, check[i], in, text);
		}
		g->format(pos, again, sizeof again); /* must not crash */
		g->unmake(pos, moves[i], undo);
		g->format(pos, again, sizeof again);
		if (strcmp(text, again) != 0)
			FUZZ_FAIL("%s: make/unmake %s changed '%s' into '%s'", g->id, canon, text,
				  again);
	}
	if (g->make_null) {
		g->make_null(pos, undo);
		if (g->hash(pos) != g->hash_recompute(pos))
			FUZZ_FAIL("%s: hash wrong after a pass in '%s'", g->id, text);
		g->unmake_null(pos, undo);
		g->format(pos, again, sizeof again);
		if (strcmp(text, again) != 0)
			FUZZ_FAIL("%s: pass changed '%s' into '%s'", g->id, text, again);
	}
}

#endif
