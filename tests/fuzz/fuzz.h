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

#include "games/game.h"
#include "notation/move_parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

#define FUZZ_FAIL(...)                                                                             \
	do {                                                                                       \
		fprintf(stderr, "fuzz invariant broken (%s:%d): ", __FILE__, __LINE__);            \
		fprintf(stderr, __VA_ARGS__);                                                      \
		fputc('\n', stderr);                                                               \
		abort();                                                                           \
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
** A fixed-size buffer filled from a token of the input (a twin label, a
** piece code, a stipulation) is the bug libFuzzer's own mutations rarely
** reach: they insert at most 128 bytes at a time, and an overflow inside a
** struct is no ASan report.  So, besides libFuzzer's mutations (and its
** dictionary), a third of the mutations stretch one token: the character
** (or UTF-8 sequence) at a random place is repeated until the token's
** length is near a size buffers are made of (4, 8, 16, 32, 64, 256, 4096...,
** one less, one more), and the harnesses check that what maat hands back
** fits in its fields.  FUZZ_STRETCHING_MUTATOR defines the mutator in the
** harness that wants it.
*/
static inline uint32_t fuzz_rand(uint32_t *state)
{
	uint32_t x = *state ? *state : 0x9e3779b9u; /* xorshift32 */
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return *state = x;
}

static inline bool fuzz_token_byte(uint8_t c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       c >= 0x80 || c == '#' || c == '-' || c == '_' || c == '.';
}

static inline size_t fuzz_stretch(uint8_t *data, size_t size, size_t max_size, uint32_t *rnd)
{
	static const size_t sizes[] = {4, 8, 16, 24, 32, 48, 64, 128, 256, 512, 1024, 4096, 65536};
	if (size == 0 || size >= max_size)
		return 0;
	/* a token chosen among the tokens (not among the bytes: a label is
	   as likely as a long solution), then a place in it */
	size_t ntok = 0;
	for (size_t i = 0; i < size; i++)
		ntok += fuzz_token_byte(data[i]) && (i == 0 || !fuzz_token_byte(data[i - 1]));
	if (ntok == 0)
		return 0;
	size_t pick = fuzz_rand(rnd) % ntok, t0 = 0;
	for (size_t i = 0, k = 0; i < size; i++)
		if (fuzz_token_byte(data[i]) && (i == 0 || !fuzz_token_byte(data[i - 1])) &&
		    k++ == pick) {
			t0 = i;
			break;
		}
	size_t t1 = t0;
	while (t1 < size && fuzz_token_byte(data[t1]))
		t1++;
	/* the unit repeated: one byte, or the whole UTF-8 sequence there */
	size_t u0 = t0 + fuzz_rand(rnd) % (t1 - t0);
	while (u0 > t0 && (data[u0] & 0xC0) == 0x80)
		u0--;
	size_t u1 = u0 + 1;
	while (u1 < t1 && (data[u1] & 0xC0) == 0x80 && u1 - u0 < 4)
		u1++;
	size_t unit = u1 - u0;
	/* the token's new length: near a size buffers are made of */
	size_t want = sizes[fuzz_rand(rnd) % (sizeof sizes / sizeof sizes[0])];
	want = want - 1 + fuzz_rand(rnd) % 3; /* one less, the size, one more */
	size_t have = t1 - t0;
	if (want <= have)
		return 0;
	size_t copies = (want - have + unit - 1) / unit, add = copies * unit;
	if (add > max_size - size)
		return 0;
	memmove(data + u1 + add, data + u1, size - u1);
	for (size_t k = 0; k < copies; k++)
		memmove(data + u1 + k * unit, data + u0, unit);
	return size + add;
}

#define FUZZ_STRETCHING_MUTATOR                                                                    \
	size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,                \
	                               unsigned int seed)                                          \
	{                                                                                          \
		uint32_t rnd = seed;                                                               \
		if (fuzz_rand(&rnd) % 3 == 0) {                                                    \
			size_t n = fuzz_stretch(data, size, max_size, &rnd);                       \
			if (n)                                                                     \
				return n;                                                          \
		}                                                                                  \
		return LLVMFuzzerMutate(data, size, max_size);                                     \
	}

/* A fixed-size text field: terminated inside it (no overflow left it
   without its NUL), valid UTF-8 never cut inside a character. */
static inline void fuzz_field(const char *what, const char *s, size_t cap)
{
	size_t n = strnlen(s, cap);
	if (n == cap)
		FUZZ_FAIL("%s: not terminated within its %zu bytes", what, cap);
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < n;) {
		size_t len = u[i] < 0x80 ? 1 : u[i] >= 0xF0 ? 4 : u[i] >= 0xE0 ? 3 : 2;
		if (i + len > n)
			FUZZ_FAIL("%s: a UTF-8 character cut at its end: %s", what, s);
		i += len;
	}
}

/* A twin label as YACPDB writes them: a..z, then z1, z2, ... */
static inline void fuzz_twin_label(const char *label, size_t cap)
{
	fuzz_field("twin label", label, cap);
	size_t n = strlen(label);
	bool ok = n == 1 ? label[0] >= 'a' && label[0] <= 'z' : label[0] == 'z' && label[1] != '0';
	for (size_t i = 1; i < n; i++)
		ok = ok && label[i] >= '0' && label[i] <= '9';
	if (!ok)
		FUZZ_FAIL("twin label '%s' is not a..z, z1, z2...", label);
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
